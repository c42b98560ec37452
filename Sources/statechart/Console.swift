import Foundation

/// Output of the command-line tool: results on standard output, messages on standard error.
enum Console {
    /// Writes a line to standard output.
    static func out(_ line: String) {
        print(line)
    }

    /// Writes a line to standard error.
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
