import Foundation

/// Output of the command-line tool: results on standard output, messages on standard error.
///
/// Human-readable lines go through ``TerminalText/escaped(_:)``, so control characters from a
/// chart never reach the terminal raw; ``json(_:)`` writes JSON lines as they are (JSON escapes
/// control characters itself).
enum Console {
    /// Writes a human-readable line to standard output, control characters escaped.
    static func out(_ line: String) {
        print(TerminalText.escaped(line))
    }

    /// Writes a JSON line to standard output, unchanged.
    static func json(_ line: String) {
        print(line)
    }

    /// Writes a human-readable line to standard error, control characters escaped.
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((TerminalText.escaped(line) + "\n").utf8))
    }
}
