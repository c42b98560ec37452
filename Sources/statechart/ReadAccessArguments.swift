import ArgumentParser
import Foundation
import StatechartsSCXML

/// `--allow-read DIR`, shared by every command that loads a chart: the folders, besides the
/// chart's own, whose files the chart's `src` attributes may read.
struct ReadAccessArguments: ParsableArguments {
    @Option(name: .customLong("allow-read"),
            help: ArgumentHelp("A folder whose files the chart's src attributes may read, besides the chart's own folder (repeatable).",
                               valueName: "DIR"))
    var allowRead: [String] = []

    /// The reader options these arguments select.
    var readerOptions: SCXMLReader.Options {
        guard !allowRead.isEmpty else { return SCXMLReader.Options() }
        let folders = allowRead.map { URL(fileURLWithPath: $0, isDirectory: true) }
        return SCXMLReader.Options(sourceAccess: .allowing(folders))
    }
}
