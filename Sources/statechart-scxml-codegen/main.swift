// statechart-scxml-codegen: the tool the StatechartsSCXMLPlugin build-tool plugin runs on each
// `.scxml` file of a target. It writes the typed Swift of one document, or prints each problem
// as `FILE:LINE:COLUMN: error: MESSAGE` (the form compilers and IDEs read) and exits 1.
//
//   statechart-scxml-codegen INPUT.scxml OUTPUT.swift [--data-models null,ecmascript] [--type-name NAME]
import Foundation
import StatechartsSCXML
import StatechartsSCXMLCodegen

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

let usage = "usage: statechart-scxml-codegen INPUT.scxml OUTPUT.swift [--data-models null,ecmascript] [--type-name NAME]"
var positional: [String] = []
var dataModels = SCXMLSwiftGenerator.supportedDataModels
var typeName: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--data-models":
        guard let list = arguments.popFirst() else { printError(usage); exit(64) }
        dataModels = Set(list.split(separator: ",").map(String.init))
    case "--type-name":
        guard let name = arguments.popFirst() else { printError(usage); exit(64) }
        typeName = name
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        positional.append(argument)
    }
}
guard positional.count == 2 else {
    printError(usage)
    exit(64)
}
let input = URL(fileURLWithPath: positional[0])
let output = URL(fileURLWithPath: positional[1])

do {
    let swift = try SCXMLSwiftGenerator.generate(contentsOf: input, typeName: typeName, dataModels: dataModels)
    // Only a changed file is rewritten, so an unchanged document does not recompile its target.
    if (try? String(contentsOf: output, encoding: .utf8)) != swift {
        try Data(swift.utf8).write(to: output, options: .atomic)
    }
} catch let error as SCXMLError {
    let file = error.file ?? input.path
    for diagnostic in error.diagnostics {
        printError("\(file):\(diagnostic.position.line):\(diagnostic.position.column): error: \(diagnostic.message)")
    }
    exit(1)
} catch {
    printError("\(output.path):1:1: error: cannot write the generated Swift: \(error.localizedDescription)")
    exit(1)
}
