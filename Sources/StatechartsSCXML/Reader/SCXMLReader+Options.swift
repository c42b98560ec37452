import Foundation

extension SCXMLReader {
    /// Which files the `src` attributes of `<data>` and `<script>` may load.
    ///
    /// Folders are compared after `..` and symbolic links are resolved, so neither can lead a
    /// `src` out of an allowed folder. Whatever the policy, only regular files are read (not
    /// devices, FIFOs, sockets or directories), and at most
    /// ``SCXMLReader/Options/maximumDocumentBytes`` of them.
    public enum SourceAccess: Sendable, Hashable {
        /// Files in the folder of the document being read and its subfolders (the default). A
        /// document read from a string or bytes without a base URL has no folder, so it loads
        /// nothing.
        case documentFolder
        /// Files in the document's folder, as with ``documentFolder``, and in these directories
        /// and their subfolders.
        case allowing([URL])
        /// No files at all: every `src` is refused.
        case none
    }

    /// How documents are read: which files they may load, and the bounds they must stay within.
    ///
    /// ```swift
    /// var options = SCXMLReader.Options()
    /// options.sourceAccess = .allowing([URL(fileURLWithPath: "/srv/shared-data")])
    /// let document = try SCXMLReader.read(contentsOf: url, options: options)
    /// ```
    public struct Options: Sendable, Hashable {
        /// Which files `src` attributes may load; ``SourceAccess/documentFolder`` by default.
        public var sourceAccess: SourceAccess
        /// How deeply elements may nest; 100 by default. The stages after parsing recurse over
        /// the element tree, so a much larger value risks exhausting a thread's stack.
        public var maximumDepth: Int
        /// The largest document read, in bytes, checked before parsing, and the largest file a
        /// `src` attribute loads; 64 MiB by default.
        public var maximumDocumentBytes: Int
        /// How many characters references to entities declared in the document's DOCTYPE may
        /// expand to in all, each reference counting as one more (so that entities expanding to
        /// nothing are bounded too); 1,000,000 by default.
        public var maximumEntityExpansion: Int

        /// Options with the given values, each defaulting to the value described on its property.
        public init(sourceAccess: SourceAccess = .documentFolder, maximumDepth: Int = 100,
                    maximumDocumentBytes: Int = 64 * 1024 * 1024, maximumEntityExpansion: Int = 1_000_000) {
            self.sourceAccess = sourceAccess
            self.maximumDepth = maximumDepth
            self.maximumDocumentBytes = maximumDocumentBytes
            self.maximumEntityExpansion = maximumEntityExpansion
        }

        /// The limits the XML parser applies.
        var parserLimits: XMLTreeParser.Limits {
            XMLTreeParser.Limits(maximumDepth: maximumDepth, maximumEntityExpansion: maximumEntityExpansion)
        }
    }
}
