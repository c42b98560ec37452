import Foundation
import Statecharts

/// An SCXML document loaded and compiled: the `StatechartDefinition` the Swift
/// DSL would build for it, the compiled `Statechart` shared by every instance, and
/// the data model that each instance gets its own copy of.
///
/// ```swift
/// let chart = try SCXMLChart(contentsOf: url, dataModels: [.null, .ecmascript])
/// var instance = try chart.start()
/// instance.send(SCXMLEvent("go"))
/// instance.runUntilIdle()                  // fires delayed sends on the virtual clock
/// instance.activeLeaves                    // ["done"]
/// ```
public struct SCXMLChart: Sendable {
    /// The document as read.
    public let document: SCXMLDocument
    /// The chart as data: states, transitions, actions and guards.
    public let definition: StatechartDefinition<String, SCXMLEvent, SCXMLContext>
    /// The compiled chart.
    public let statechart: Statechart<String, SCXMLEvent, SCXMLContext>
    /// The data model each instance gets.
    public let dataModel: SCXMLDataModelFactory
    /// Every expression of the chart, numbered.
    public let expressions: [SCXMLExpression]

    /// Loads, validates and compiles a document. `dataModels` are the data models available; the
    /// null data model always is.
    /// - Parameters:
    ///   - document: the document, as ``SCXMLReader`` reads it or as code builds it.
    ///   - dataModels: the data models the document may ask for, besides the null data model.
    ///   - file: the file name that problems are reported with.
    ///   - microstepLimit: see `Statechart.microstepLimit`.
    ///   - externalEventLimit: see `Statechart.externalEventLimit`.
    /// - Throws: ``SCXMLError`` with every problem and its position.
    public init(
        document: SCXMLDocument, dataModels: [SCXMLDataModelFactory] = [], file: String? = nil,
        microstepLimit: Int = 10_000, externalEventLimit: Int = 10_000
    ) throws(SCXMLError) {
        try self.init(document: document, dataModels: dataModels, file: file, microstepLimit: microstepLimit,
                      externalEventLimit: externalEventLimit, isValidated: false)
    }

    /// Compiles `document`; `isValidated` says ``SCXMLValidator`` has already passed it (the
    /// reader validates every document it returns), so that it is not validated twice.
    init(
        document: SCXMLDocument, dataModels: [SCXMLDataModelFactory], file: String?,
        microstepLimit: Int = 10_000, externalEventLimit: Int = 10_000, isValidated: Bool
    ) throws(SCXMLError) {
        let available = [SCXMLDataModelFactory.null] + dataModels
        guard let factory = available.last(where: { $0.name == document.effectiveDataModel }) else {
            let names = available.map(\.name).uniqued().joined(separator: ", ")
            throw SCXMLError("unsupported data model '\(document.effectiveDataModel)' (available: \(names))",
                             at: document.position, file: file)
        }
        if !isValidated {
            let problems = SCXMLValidator.validate(document)
            guard problems.isEmpty else { throw SCXMLError(problems, file: file) }
        }
        var importer = SCXMLImporter(document, dataModels: available)
        let (definition, expressions) = importer.makeDefinition()
        do {
            statechart = try Statechart(definition, microstepLimit: microstepLimit, externalEventLimit: externalEventLimit)
        } catch {
            throw SCXMLError(Self.diagnostics(for: error, in: document), file: file)
        }
        self.document = document
        self.definition = definition
        self.dataModel = factory
        self.expressions = expressions
    }

    /// Reads, validates and compiles the document at `url`.
    /// - Parameters:
    ///   - url: the SCXML file.
    ///   - dataModels: the data models the document may ask for, besides the null data model.
    ///   - options: which files its `src` attributes may load (by default, files in its folder)
    ///     and the reader's limits.
    /// - Throws: ``SCXMLError`` with every problem and its position.
    public init(contentsOf url: URL, dataModels: [SCXMLDataModelFactory] = [],
                options: SCXMLReader.Options = SCXMLReader.Options()) throws(SCXMLError) {
        let document = try SCXMLReader.read(contentsOf: url, options: options)
        try self.init(document: document, dataModels: dataModels, file: url.path, isValidated: true)
    }

    /// Reads, validates and compiles a document from its text; `baseURL` is its folder, as for
    /// ``SCXMLReader/read(string:baseURL:file:options:)``.
    public init(string: String, baseURL: URL? = nil, dataModels: [SCXMLDataModelFactory] = [],
                options: SCXMLReader.Options = SCXMLReader.Options()) throws(SCXMLError) {
        let document = try SCXMLReader.read(string: string, baseURL: baseURL, options: options)
        try self.init(document: document, dataModels: dataModels, file: nil, isValidated: true)
    }

    /// A new context: a session with its own data model.
    /// - Parameters:
    ///   - sessionID: the `_sessionid`; a fresh UUID by default.
    ///   - ioProcessors: I/O processors besides the SCXML one (see ``SCXMLEventIOProcessor``).
    ///   - log: where `<log>` output goes; by default it is kept in the session's `logRecords`.
    public func makeContext(
        sessionID: String = UUID().uuidString.lowercased(),
        ioProcessors: [any SCXMLEventIOProcessor] = [],
        log: (@Sendable (SCXMLLogRecord) -> Void)? = nil
    ) throws(SCXMLError) -> SCXMLContext {
        do {
            let session = try SCXMLSession(name: document.name ?? "", sessionID: sessionID, factory: dataModel,
                                           ioProcessors: ioProcessors)
            session.logHandler = log
            return SCXMLContext(session: session)
        } catch {
            throw SCXMLError("cannot create the \(dataModel.name) data model: \(error.message)", at: document.position)
        }
    }

    /// A new instance with its own data model, not started yet (so an observer can watch the start).
    public func makeInstance(
        sessionID: String = UUID().uuidString.lowercased(),
        ioProcessors: [any SCXMLEventIOProcessor] = [],
        log: (@Sendable (SCXMLLogRecord) -> Void)? = nil
    ) throws(SCXMLError) -> StatechartInstance<String, SCXMLEvent, SCXMLContext> {
        statechart.makeInstance(context: try makeContext(sessionID: sessionID, ioProcessors: ioProcessors, log: log))
    }

    /// A new instance with its own data model, started: the initial macrostep has run.
    public func start(
        sessionID: String = UUID().uuidString.lowercased(),
        ioProcessors: [any SCXMLEventIOProcessor] = [],
        log: (@Sendable (SCXMLLogRecord) -> Void)? = nil
    ) throws(SCXMLError) -> StatechartInstance<String, SCXMLEvent, SCXMLContext> {
        var instance = try makeInstance(sessionID: sessionID, ioProcessors: ioProcessors, log: log)
        instance.start()
        return instance
    }

    /// The compiler's problems, placed at the elements of the states they name.
    static func diagnostics(for error: StatechartDefinitionError, in document: SCXMLDocument) -> [SCXMLDiagnostic] {
        var positions: [String: SCXMLSourcePosition] = [:]
        document.forEachState { state in if positions[state.id] == nil { positions[state.id] = state.position } }
        return error.problems.map { problem in
            let id = problem.path.split(separator: "/").last.map(String.init) ?? ""
            return SCXMLDiagnostic(problem.message, at: problem.path == "root" ? document.position : positions[id] ?? document.position)
        }
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
