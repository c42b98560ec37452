/// The version `statechart --version` prints: the package's newest release in CHANGELOG.md
/// (a test keeps the two equal).
enum ToolVersion {
    static let current = "0.1.0"
}
