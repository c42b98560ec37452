#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file with POSIX calls, checking what kind of file it is on the open descriptor (so the
/// check and the read concern the same file) and reading no more than a limit.
enum CappedFileReader {
    /// Why a file was not read.
    enum Failure: Error {
        /// `open` or `read` failed; the system's reason.
        case system(String)
        /// A directory.
        case directory
        /// Not a regular file (a device, FIFO or socket), when only regular files are wanted.
        case notRegularFile
        /// Larger than the limit.
        case tooLarge(limit: Int)
    }

    /// The bytes of the file at `path`. With `regularFilesOnly`, the file is opened without
    /// blocking (opening a FIFO would otherwise wait for a writer) and anything but a regular
    /// file is refused; otherwise only directories are.
    static func bytes(atPath path: String, maximumBytes: Int, regularFilesOnly: Bool) -> Result<[UInt8], Failure> {
        let flags = O_RDONLY | O_CLOEXEC | (regularFilesOnly ? O_NONBLOCK : 0)
        let descriptor = open(path, flags)
        guard descriptor >= 0 else { return .failure(.system(reason(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.system(reason(errno))) }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR { return .failure(.directory) }
        if regularFilesOnly, kind != S_IFREG { return .failure(.notRegularFile) }
        if kind == S_IFREG, status.st_size > maximumBytes { return .failure(.tooLarge(limit: maximumBytes)) }

        // The size may change while reading, and other kinds of files have none: read at most one
        // byte past the limit, enough to tell that it was passed.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= maximumBytes {
            let remaining = maximumBytes - bytes.count
            let wanted = remaining >= chunk.count ? chunk.count : remaining + 1
            let count = chunk.withUnsafeMutableBytes { buffer in read(descriptor, buffer.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(reason(errno)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        if bytes.count > maximumBytes { return .failure(.tooLarge(limit: maximumBytes)) }
        return .success(bytes)
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
