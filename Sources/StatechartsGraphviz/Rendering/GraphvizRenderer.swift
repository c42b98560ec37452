import Statecharts
import CGraphviz
import CGraphvizIDs

/// A diagram rendered by Graphviz: its bytes, and any warnings Graphviz gave while producing it.
public struct RenderedDiagram: Sendable, Hashable {
    /// The rendered file's bytes (SVG text, PNG or PDF data).
    public let bytes: [UInt8]
    /// Warnings Graphviz reported (captured, never printed).
    public let warnings: [String]
}

/// Lays out and renders DOT in-process with Graphviz's libgvc: `agmemread`, `gvLayout`,
/// `gvRenderData`, freeing everything it allocates.
///
/// Graphviz is not thread-safe, not even with one context per thread (its parser, error and
/// attribute state are global), so every call goes through one process-wide lock; concurrent
/// renders are correct and simply take turns. Graphviz's messages are captured, never printed:
/// failures throw ``GraphvizError``, warnings come back in ``RenderedDiagram/warnings``.
///
/// Graphviz's dot layout leaks about 12 KB per render of a graph with clusters (a long-standing
/// upstream leak); fine for tools and tests, worth knowing in a long-running server.
public enum GraphvizRenderer {
    /// Renders `dot` to `format` with the `engine` layout.
    public static func render(dot: String, format: DiagramFormat, engine: LayoutEngine = .dot) throws(GraphvizError) -> RenderedDiagram {
        if format == .dot { return RenderedDiagram(bytes: Array(dot.utf8), warnings: []) }
        let outcome = graphviz.withLock { state in state.render(dot: dot, format: format.rawValue, engine: engine.rawValue) }
        switch outcome {
        case .success(let diagram): return diagram
        case .failure(let error): throw error
        }
    }

    /// Renders `dot` with an engine given by name (for engines this type does not list).
    public static func render(dot: String, format: DiagramFormat, engineNamed engine: String) throws(GraphvizError) -> RenderedDiagram {
        if format == .dot { return RenderedDiagram(bytes: Array(dot.utf8), warnings: []) }
        let outcome = graphviz.withLock { state in state.render(dot: dot, format: format.rawValue, engine: engine) }
        switch outcome {
        case .success(let diagram): return diagram
        case .failure(let error): throw error
        }
    }
}

/// The one Graphviz context of the process, behind the lock.
private let graphviz = Locked(GraphvizState())

/// Messages Graphviz reports through `agseterrf`. Only touched while `graphviz` is locked.
nonisolated(unsafe) private var capturedMessages = ""

/// Appends a piece of a Graphviz message (they arrive in pieces) to `capturedMessages`.
private let captureMessage: @convention(c) (UnsafeMutablePointer<CChar>?) -> Int32 = { text in
    if let text { capturedMessages += String(cString: text) }
    return 0
}

private struct GraphvizState: ~Copyable {
    var context: OpaquePointer?

    /// Calls `gvRenderData`, whose length parameter is `unsigned int *` before Graphviz 13 and
    /// `size_t *` after: overload resolution picks the variant the installed header declares.
    func renderData(
        _ function: (OpaquePointer?, UnsafeMutablePointer<Agraph_t>?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafeMutablePointer<UInt32>?) -> Int32,
        _ graph: UnsafeMutablePointer<Agraph_t>, _ format: String
    ) -> (Int32, UnsafeMutablePointer<CChar>?, Int) {
        var buffer: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        let status = function(context, graph, format, &buffer, &length)
        return (status, buffer, Int(length))
    }

    func renderData(
        _ function: (OpaquePointer?, UnsafeMutablePointer<Agraph_t>?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafeMutablePointer<Int>?) -> Int32,
        _ graph: UnsafeMutablePointer<Agraph_t>, _ format: String
    ) -> (Int32, UnsafeMutablePointer<CChar>?, Int) {
        var buffer: UnsafeMutablePointer<CChar>?
        var length = 0
        let status = function(context, graph, format, &buffer, &length)
        return (status, buffer, length)
    }

    mutating func render(dot: String, format: String, engine: String) -> Result<RenderedDiagram, GraphvizError> {
        capturedMessages = ""
        _ = agseterrf(captureMessage)
        _ = agseterr(AGWARN)
        _ = agreseterrors()
        if context == nil { context = gvContext() }
        guard let context else { return .failure(GraphvizError(stage: .layout, messages: ["could not create a Graphviz context"])) }

        // Object IDs in order of first mention, so clusters are laid out and written in the
        // same order every time (see shim.h).
        statecharts_ids_reset()
        guard let graph = agmemread(dot) else {
            return .failure(GraphvizError(stage: .parse, messages: takeMessages()))
        }
        defer { agclose(graph) }
        guard gvLayout(context, graph, engine) == 0 else {
            var messages = takeMessages()
            if messages.isEmpty { messages = ["unknown layout engine '\(engine)'"] }
            return .failure(GraphvizError(stage: .layout, messages: messages))
        }
        defer { gvFreeLayout(context, graph) }
        let (status, buffer, length) = renderData(gvRenderData, graph, format)
        defer { if let buffer { gvFreeRenderData(buffer) } }
        guard status == 0, let buffer else {
            var messages = takeMessages()
            if messages.isEmpty { messages = ["unknown output format '\(format)'"] }
            return .failure(GraphvizError(stage: .render, messages: messages))
        }
        let bytes = buffer.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
        return .success(RenderedDiagram(bytes: bytes, warnings: takeMessages()))
    }

    /// The captured messages, one per line, trimmed; clears the buffer.
    func takeMessages() -> [String] {
        let messages = capturedMessages
            .split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: " \t") }
            .filter { !$0.isEmpty }
        capturedMessages = ""
        return messages
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var view = self[...]
        while let first = view.first, set.contains(first) { view = view.dropFirst() }
        while let last = view.last, set.contains(last) { view = view.dropLast() }
        return String(view)
    }
}
