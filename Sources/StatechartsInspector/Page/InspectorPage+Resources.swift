// The page's script and style sheet, written as Page/inspector.js and Page/inspector.css and
// compiled into the library as bytes (SwiftPM's `.embedInCode`), so that the `statechart` tool
// stays one file with no resource bundle beside it.

extension InspectorPage {
    /// The page's JavaScript, inlined in a `<script>` element by ``html``.
    static let script = String(decoding: PackageResources.inspector_js, as: UTF8.self)

    /// The page's CSS, inlined in a `<style>` element by ``html``.
    static let style = String(decoding: PackageResources.inspector_css, as: UTF8.self)
}
