import Foundation
import Statecharts
import StatechartsECMAScript
import StatechartsHTTP
import StatechartsSCXML

/// The W3C SCXML 1.0 IRP test suite: where it is, which tests it has, and how one runs.
///
/// The suite lives outside the repository: the directory named by `SCXML_W3C_DIR`, or
/// `../shared/conformance` beside the checkout. It runs the ECMAScript versions of the tests
/// (`w3c-ecma-reference/`) and `w3c/test436.txml`, the one test of the null data model.
enum W3CSuite {
    /// The directory that holds `w3c-ecma-reference/` and `w3c/`.
    static var directory: URL {
        if let path = ProcessInfo.processInfo.environment["SCXML_W3C_DIR"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        // Tests/StatechartsSCXMLTests/W3C/W3CSuite.swift → the package root → its parent.
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance")
    }

    static var ecmaDirectory: URL { directory.appendingPathComponent("w3c-ecma-reference") }
    static var txmlDirectory: URL { directory.appendingPathComponent("w3c") }

    /// Whether the suite is there.
    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: ecmaDirectory.appendingPathComponent("test144.scxml").path)
    }

    /// Why the suite's tests are skipped when it is missing.
    static var missingMessage: String {
        "W3C suite not found at \(directory.path) (set SCXML_W3C_DIR to the folder holding w3c-ecma-reference/ and w3c/)"
    }

    /// Whether this run is under CI, where a missing suite is a failure.
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The tests' names (`test144`, `test403a`, …): the ECMAScript tests without their
    /// sub-documents, and test436.
    static func testNames() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: ecmaDirectory.path)) ?? []
        var names = files.filter { $0.hasPrefix("test") && $0.hasSuffix(".scxml") && !$0.contains("sub") }
            .map { String($0.dropLast(".scxml".count)) }
        names.append("test436")
        return names.sorted { number($0) < number($1) || (number($0) == number($1) && $0 < $1) }
    }

    static func number(_ name: String) -> Int { Int(name.dropFirst(4).prefix { $0.isNumber }) ?? 0 }

    /// The ids of the tests the W3C manifest marks as manual (judged by reading the log).
    static func manualTests() -> Set<String> {
        guard let text = try? String(contentsOf: txmlDirectory.appendingPathComponent("manifest.xml"), encoding: .utf8) else { return [] }
        var manual: Set<String> = []
        for line in text.split(separator: "\n") where line.contains("<test ") && line.contains("manual=\"true\"") {
            if let range = line.range(of: "id=\""), let end = line[range.upperBound...].firstIndex(of: "\"") {
                manual.insert("test" + line[range.upperBound..<end])
            }
        }
        return manual
    }

    /// What happened to one test.
    enum Outcome: Equatable {
        case passed
        case failed(String)
        case skipped(String)
    }

    /// Runs the test `name` to completion on a virtual clock, its session reachable through the
    /// Basic HTTP Event I/O Processor `http` (started in this process).
    /// A manual test (``W3CManualChecks``) is judged from its log and how it ended; one that
    /// stays manual is skipped with the reason.
    static func run(_ name: String, manual: Set<String>, http: BasicHTTPEventProcessor) async -> Outcome {
        if let reason = W3CManualChecks.stillManual[name] { return .skipped("manual test: \(reason)") }
        let isManual = manual.contains(name)
        let url: URL
        let text: String
        if name == "test436" {
            url = txmlDirectory.appendingPathComponent("test436.txml")
            guard let source = try? String(contentsOf: url, encoding: .utf8) else { return .failed("cannot read \(url.path)") }
            guard let converted = TXMLConverter.convert(source) else {
                return .skipped("uses conf: primitives the runner does not translate")
            }
            text = converted
        } else {
            url = ecmaDirectory.appendingPathComponent(name + ".scxml")
            guard let source = try? String(contentsOf: url, encoding: .utf8) else { return .failed("cannot read \(url.path)") }
            text = source
        }
        let document: SCXMLDocument
        do {
            document = try SCXMLReader.read(string: text, baseURL: url.deletingLastPathComponent(), file: name)
        } catch {
            if isManual { return judged(name, W3CManualChecks.Observed(rejected: true)) }
            return .failed("not loaded: \(error.lines.joined(separator: "; "))")
        }
        let chart: SCXMLChart
        do {
            chart = try SCXMLChart(document: document, dataModels: SCXMLDataModelFactory.all, file: name)
        } catch {
            if isManual { return judged(name, W3CManualChecks.Observed(rejected: true)) }
            return .failed("not loaded: \(error.lines.joined(separator: "; "))")
        }
        let logs = LogLines()
        var instance: StatechartInstance<String, SCXMLEvent, SCXMLContext>
        do {
            instance = try chart.start(ioProcessors: [http], log: { logs.append($0.description) })
        } catch {
            return .failed("not started: \(error.lines.joined(separator: "; "))")
        }
        let finishedAtStart = instance.isFinished
        await instance.runUntilIdle(with: http, limit: 10_000)
        http.closeSession(instance.context.session.sessionID)
        if let error = instance.error { return .failed("stopped: \(error)") }
        if isManual {
            return judged(name, W3CManualChecks.Observed(leaves: instance.activeLeaves, finished: instance.isFinished,
                                                         finishedAtStart: finishedAtStart, logs: logs.lines))
        }
        guard instance.isFinished else { return .failed("did not finish; configuration \(instance.activeLeaves)") }
        return instance.activeLeaves == ["pass"] ? .passed : .failed("finished in \(instance.activeLeaves)")
    }

    /// The outcome of manual test `name` as ``W3CManualChecks`` judges what it showed.
    static func judged(_ name: String, _ observed: W3CManualChecks.Observed) -> Outcome {
        W3CManualChecks.failure(of: name, observed).map { .failed("manual test, checked: \($0)") } ?? .passed
    }
}

/// The `<log>` lines of a session and of the sessions it invokes, in order, from any thread.
final class LogLines: @unchecked Sendable {
    // @unchecked: `storage` is only touched under `lock` (NSLock, which ThreadSanitizer sees).
    private let lock = NSLock()
    private var storage: [String] = []

    func append(_ line: String) { lock.withLock { storage.append(line) } }

    var lines: [String] { lock.withLock { storage } }
}

/// Turns the `conf:` primitives of the null-data-model test into SCXML, as the W3C's XSLT does
/// for the other data models.
enum TXMLConverter {
    /// The converted document, or `nil` when it uses a primitive not handled here.
    static func convert(_ text: String) -> String? {
        var result = text
            .replacingOccurrences(of: "conf:targetpass=\"\"", with: "target=\"pass\"")
            .replacingOccurrences(of: "conf:targetfail=\"\"", with: "target=\"fail\"")
            .replacingOccurrences(of: "<conf:pass/>", with: "<final id=\"pass\"/>")
            .replacingOccurrences(of: "<conf:fail/>", with: "<final id=\"fail\"/>")
        while let range = result.range(of: "conf:inState=\"") {
            guard let end = result[range.upperBound...].firstIndex(of: "\"") else { return nil }
            let state = result[range.upperBound..<end]
            result.replaceSubrange(range.lowerBound...end, with: "cond=\"In(\(state))\"")
        }
        let remaining = result.replacingOccurrences(of: "xmlns:conf=", with: "")
        return remaining.contains("conf:") ? nil : result
    }
}
