import Foundation
import Statecharts
import StatechartsSCXML

/// Turns an SCXML document into Swift: an enum of its state ids, one of its event names, one of
/// its variables, and a typed wrapper over `SCXMLChart` (`Door.start()`, `send(.open)`,
/// `isActive(.closed)`, `variables.openings`). The build-tool plugin runs it on every `.scxml`
/// file of a target through the `statechart-scxml-codegen` tool.
///
/// The document is read, validated and compiled as `SCXMLChart` would at run time, so a
/// document that generates runs; every problem is an ``SCXMLError`` with its line and column.
/// Expressions and scripts are not evaluated here (that needs the data model's engine): an
/// ECMAScript syntax error still shows up at run time, as `error.execution`.
///
/// ```swift
/// let swift = try SCXMLSwiftGenerator.generate(contentsOf: URL(fileURLWithPath: "Door.scxml"))
/// ```
public enum SCXMLSwiftGenerator {
    /// The data models a generated wrapper can run: `null` (in `StatechartsSCXML`) and
    /// `ecmascript` (in `StatechartsECMAScript`).
    public static let supportedDataModels: Set<String> = ["null", "ecmascript"]

    /// Names the generated code uses, which the wrapper may not take: its nested types and the
    /// library's types it refers to.
    public static let reservedTypeNames: Set<String> = [
        "State", "Event", "Variable", "Variables", "Statecharts", "StatechartsSCXML", "StatechartsECMAScript",
        "SCXMLChart", "SCXMLError", "SCXMLEvent", "SCXMLValue", "SCXMLContext", "SCXMLReader",
        "SCXMLDataModelFactory", "SCXMLEventIOProcessor", "SCXMLLogRecord", "SendResult", "StatechartInstance",
        "Result", "String", "Bool", "Double", "Duration", "Sendable",
    ]

    /// Generates the Swift for the document at `url`; the type is named after the file
    /// (`door-lock.scxml` → `DoorLock`) unless `typeName` is given.
    /// - Parameters:
    ///   - url: the `.scxml` file.
    ///   - typeName: the wrapper's name; by default the file's name, mapped like a state id and
    ///     with its first letter in upper case.
    ///   - dataModels: the data models the target that compiles the code can run (the plugin
    ///     passes `ecmascript` only when the target depends on `StatechartsECMAScript`).
    /// - Throws: ``SCXMLError`` naming the file, with every problem's line and column.
    public static func generate(contentsOf url: URL, typeName: String? = nil,
                                dataModels: Set<String> = supportedDataModels) throws(SCXMLError) -> String {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: url)
        } catch {
            throw SCXMLError("cannot read the file: \(error.localizedDescription)", file: url.path)
        }
        guard let text = String(data: bytes, encoding: .utf8) else {
            throw SCXMLError("a typed SCXML document must be UTF-8", file: url.path)
        }
        let fileName = url.deletingPathExtension().lastPathComponent
        return try generate(text: text, fileName: url.lastPathComponent, file: url.path,
                            typeName: typeName ?? defaultTypeName(forFileNamed: fileName), dataModels: dataModels)
    }

    /// Generates the Swift for a document's text.
    /// - Parameters:
    ///   - text: the document.
    ///   - fileName: the name the generated comments give the document (`Door.scxml`).
    ///   - file: the path problems are reported with (`nil`: `line:column` alone).
    ///   - typeName: the wrapper's name; it must be a Swift identifier.
    ///   - dataModels: the data models the compiling target can run.
    /// - Throws: ``SCXMLError`` with every problem's line and column.
    public static func generate(text: String, fileName: String, file: String? = nil, typeName: String?,
                                dataModels: Set<String> = supportedDataModels) throws(SCXMLError) -> String {
        guard let typeName, let name = SwiftName(mapping: typeName), name.identifier == typeName,
              !SwiftName.keywords.contains(typeName) else {
            throw SCXMLError("'\(fileName)' makes no Swift type name: name the file with ASCII letters and digits "
                             + "(other characters separate words), not a Swift keyword", file: file)
        }
        guard !reservedTypeNames.contains(typeName) else {
            throw SCXMLError("'\(fileName)' would make the type '\(typeName)', a name the generated code uses "
                             + "itself: rename the file", file: file)
        }
        // No `src` is read here: whatever a `src` names must be inside the document (below).
        let options = SCXMLReader.Options(sourceAccess: .none)
        let document = try SCXMLReader.read(string: text, file: file, options: options)
        try checkCompilable(document, file: file, dataModels: dataModels)
        let names = try SCXMLTypedNames(document, file: file)
        return SwiftSourceEmitter(typeName: typeName, fileName: fileName, text: text, document: document, names: names).source
    }

    /// The wrapper's default name: the file's name mapped like a state id, first letter upper
    /// case (`door-lock` → `DoorLock`, `traffic_light` → `traffic_light` → `Traffic_light`).
    public static func defaultTypeName(forFileNamed name: String) -> String? {
        SwiftName(mapping: name)?.typeName
    }

    /// What the wrapper cannot run: another data model, an engine the target does not link,
    /// `src` attributes (the document is compiled into the program, away from its folder), and
    /// every problem `SCXMLChart` finds.
    static func checkCompilable(_ document: SCXMLDocument, file: String?, dataModels: Set<String>) throws(SCXMLError) {
        let model = document.effectiveDataModel
        guard supportedDataModels.contains(model) else {
            throw SCXMLError("the \(model) data model is not supported in typed SCXML (null and ecmascript are)",
                             at: document.position, file: file)
        }
        guard dataModels.contains(model) else {
            throw SCXMLError("the document uses the \(model) data model: add the StatechartsECMAScript product "
                             + "to the dependencies of the target that holds it", at: document.position, file: file)
        }
        var problems: [SCXMLDiagnostic] = []
        let refusal = "is not supported in a typed SCXML document (it is compiled into the program, away from its folder)"
        for data in document.data + document.allStates.flatMap(\.data) where data.src != nil {
            problems.append(SCXMLDiagnostic("<data src> \(refusal): put the value inline", at: data.position))
        }
        for invoke in document.allStates.flatMap(\.invokes) where invoke.src != nil {
            problems.append(SCXMLDiagnostic("<invoke src> \(refusal): put the document inside <content>", at: invoke.position))
        }
        guard problems.isEmpty else { throw SCXMLError(problems, file: file) }
        // The data model is only named here, never made: compiling does not evaluate anything.
        let placeholder = SCXMLDataModelFactory(name: "ecmascript") { _ throws(SCXMLExecutionError) in
            throw SCXMLExecutionError("the ecmascript data model is not available while generating code")
        }
        _ = try SCXMLChart(document: document, dataModels: [placeholder], file: file)
    }
}
