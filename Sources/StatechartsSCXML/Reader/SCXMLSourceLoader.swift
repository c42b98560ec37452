#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Loads the files that `src` attributes name, as ``SCXMLReader/SourceAccess`` allows: a `file:`
/// URL or a path, relative to the document's folder.
struct SCXMLSourceLoader: Sendable, Equatable {
    /// The document's folder, where relative `src` values resolve; `nil` for a document without
    /// a location.
    let baseURL: URL?
    let access: SCXMLReader.SourceAccess
    let maximumBytes: Int

    /// A loader that loads nothing, for documents that are not read from anywhere.
    static let none = SCXMLSourceLoader(baseURL: nil, access: .none, maximumBytes: 0)

    /// Why a `src` could not be loaded.
    struct Failure: Error {
        var message: String
    }

    func load(_ src: String) -> Result<String, Failure> {
        func failure(_ reason: String) -> Result<String, Failure> { .failure(Failure(message: "cannot load '\(src)': \(reason)")) }
        var path = src
        if path.hasPrefix("file://") {
            path = String(path.dropFirst("file://".count))
        } else if path.hasPrefix("file:") {
            path = String(path.dropFirst("file:".count))
        } else if let colon = path.firstIndex(of: ":"), path[..<colon].count > 1,
                  path[..<colon].allSatisfy({ $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." }) {
            return failure("only local files can be loaded")
        }
        if case .none = access { return failure("loading src files is turned off (SCXMLReader.Options.sourceAccess)") }
        let url: URL
        if path.hasPrefix("/") {
            url = URL(fileURLWithPath: path)
        } else if let baseURL {
            url = baseURL.appendingPathComponent(path)
        } else {
            return failure("the document has no location to resolve it from")
        }
        guard let resolved = Self.realPath(url.path) else { return failure("no readable file at \(url.path)") }
        let folders = allowedFolders()
        guard folders.contains(where: { Self.isInside(resolved, $0) }) else {
            let names = folders.isEmpty ? "none: the document has no folder" : folders.joined(separator: ", ")
            return failure("\(resolved) is outside the folders the document may read from (\(names))")
        }
        switch CappedFileReader.bytes(atPath: resolved, maximumBytes: maximumBytes, regularFilesOnly: true) {
        case .success(let bytes):
            return .success(String(decoding: bytes, as: UTF8.self))
        case .failure(.notRegularFile), .failure(.directory):
            return failure("\(resolved) is not a regular file")
        case .failure(.tooLarge(let limit)):
            return failure("\(resolved) is larger than \(limit) bytes (SCXMLReader.Options.maximumDocumentBytes)")
        case .failure(.system(let reason)):
            return failure("no readable file at \(resolved) (\(reason))")
        }
    }

    /// The folders files may be read from, resolved; folders that do not exist are left out.
    private func allowedFolders() -> [String] {
        var folders: [URL] = []
        switch access {
        case .none: break
        case .documentFolder: folders = baseURL.map { [$0] } ?? []
        case .allowing(let extra): folders = (baseURL.map { [$0] } ?? []) + extra
        }
        return folders.compactMap { Self.realPath($0.path) }
    }

    /// Whether `path` is `folder` or inside it (both resolved).
    private static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }

    /// `path` made absolute, with `.`, `..` and symbolic links resolved; `nil` when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
