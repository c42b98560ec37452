import Foundation

/// Writes a command's output file, turning failures into a message and exit status 1.
enum OutputFile {
    static func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            Console.error("statechart: cannot write \(path): \(error.localizedDescription)")
            throw ExitCodeError.failure
        }
    }
}
