/// Markup that carries nothing the tree keeps: comments (XML 1.0 §2.5) and processing
/// instructions (§2.6). Both are checked for well-formedness, then skipped.
enum XMLSkippedMarkup {
    /// Skips the comment at the cursor (on `<!--`).
    static func comment(_ scanner: inout XMLScanner) throws(XMLSyntaxError) {
        let start = scanner.index
        scanner.index += 4
        while scanner.skip(past: "--") {
            // `--` may only end a comment (§2.5).
            guard scanner.skip(">") else {
                throw XMLSyntaxError("'--' is not allowed inside a comment", at: scanner.index - 2)
            }
            return
        }
        throw XMLSyntaxError("a comment is not closed ('-->' is missing)", at: start)
    }

    /// Skips the processing instruction at the cursor (on `<?`), which may have no data (`<?e?>`).
    static func processingInstruction(_ scanner: inout XMLScanner) throws(XMLSyntaxError) {
        let start = scanner.index
        scanner.index += 2
        let target = try scanner.requireName("a processing instruction needs a name")
        if target.lowercased() == "xml" {
            // The XML declaration looks like a processing instruction named xml (§2.8), and the
            // name is reserved in any case (§2.6).
            throw XMLSyntaxError(target == "xml"
                                 ? "the XML declaration is only allowed at the very start of the document"
                                 : "processing instructions may not be named '\(target)' (reserved)", at: start)
        }
        if scanner.skip("?>") { return }
        guard scanner.skipWhitespace() else {
            throw XMLSyntaxError("whitespace is required after the name of the processing instruction '\(target)'", at: scanner.index)
        }
        guard scanner.skip(past: "?>") else {
            throw XMLSyntaxError("a processing instruction is not closed ('?>' is missing)", at: start)
        }
    }
}
