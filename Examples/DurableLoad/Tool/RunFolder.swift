import Foundation

/// The crash test's folder: what each worker process keeps across `kill -9` (its progress and
/// the ids its outbox handler delivered), and the markers of workers that sent their share.
struct RunFolder: Sendable {
    let path: String

    func file(_ name: String) -> String { path + "/" + name }

    /// How many entries of its share worker `index` sent (it may have sent more: a resend is
    /// harmless, its key makes it a no-op).
    func progress(of index: Int) -> Int {
        guard let text = try? String(contentsOfFile: file("progress-\(index)"), encoding: .utf8) else { return 0 }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Records worker `index`'s progress: one `pwrite` of a fixed-width number, so that a kill
    /// leaves the old value or the new one.
    func setProgress(_ count: Int, of index: Int, descriptor: Int32) {
        let text = String(count).padding(toLength: 12, withPad: " ", startingAt: 0) + "\n"
        _ = text.withCString { pwrite(descriptor, $0, 13, 0) }
    }

    /// Opens a file for writing (`append`: each write goes to its end).
    func openForWriting(_ name: String, append: Bool) -> Int32 {
        open(file(name), O_WRONLY | O_CREAT | (append ? O_APPEND : 0), 0o644)
    }

    /// Marks worker `index`'s share sent.
    func markSent(_ index: Int) {
        _ = FileManager.default.createFile(atPath: file("sent-\(index)"), contents: Data())
    }

    /// Whether all `workers` workers sent their shares.
    func allSent(_ workers: Int) -> Bool {
        (0..<workers).allSatisfy { FileManager.default.fileExists(atPath: file("sent-\($0)")) }
    }

    /// Every message id the workers' handlers recorded, one per delivery; a line cut short by a
    /// kill is left out (its message was not marked delivered, so it was delivered again).
    func deliveredIDs(workers: Int) -> [String] {
        var ids: [String] = []
        for index in 0..<workers {
            guard let text = try? String(contentsOfFile: file("delivered-\(index)"), encoding: .utf8) else { continue }
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) where line.hasSuffix(";") {
                ids.append(String(line.dropLast()))
            }
        }
        return ids
    }
}
