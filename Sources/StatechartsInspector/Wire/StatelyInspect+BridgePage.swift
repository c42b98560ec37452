// The page that shows Stately's inspector and feeds it the messages of a WebSocket.

import StatechartsSCXML

extension StatelyInspect {
    /// An HTML page that embeds Stately's inspector and forwards to it every message the server
    /// sends on a WebSocket: what `@statelyai/inspect`'s own relay server serves, so that no
    /// Node.js process is needed.
    ///
    /// The page opens `ws://` (or `wss://`) on its own host at `webSocketPath`, parses each text
    /// frame as JSON, and posts it to the embedded inspector with `postMessage`. The inspector
    /// announces itself with a `{"type": "@statelyai.connected"}` message when it has loaded;
    /// messages that arrive before are held and delivered then. When the socket closes the page
    /// connects again after two seconds.
    ///
    /// - Parameters:
    ///   - webSocketPath: the path of the WebSocket that streams Stately Inspect messages
    ///     (``actorMessage(sessionID:parentID:rootID:name:definition:snapshot:messageID:timestamp:)``
    ///     and the others, as JSON text frames), starting with `/`; it may carry a query (an
    ///     access token: `/stately?token=...`).
    ///   - inspectorURL: the inspector to embed (``inspectorURL``).
    public static func bridgePage(webSocketPath: String, inspectorURL: String = StatelyInspect.inspectorURL) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Stately Inspector</title>
        <style>html, body { height: 100%; margin: 0; } iframe { display: block; width: 100%; height: 100%; border: 0; }</style>
        </head>
        <body>
        <iframe id="stately" src="\(htmlAttribute(inspectorURL))"></iframe>
        <script>
        (() => {
          const frame = document.getElementById('stately');
          const held = [];
          let connected = false;
          const deliver = (message) => frame.contentWindow.postMessage(message, '*');
          window.addEventListener('message', (event) => {
            if (event.source !== frame.contentWindow || !event.data || event.data.type !== '@statelyai.connected') return;
            connected = true;
            held.splice(0).forEach(deliver);
          });
          const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + \(scriptString(webSocketPath));
          const open = () => {
            const socket = new WebSocket(url);
            socket.onmessage = (event) => {
              if (typeof event.data !== 'string') return;
              let message;
              try { message = JSON.parse(event.data); } catch { return; }
              if (connected) deliver(message); else held.push(message);
            };
            socket.onclose = () => setTimeout(open, 2000);
          };
          open();
        })();
        </script>
        </body>
        </html>

        """
    }

    /// `text` as a JavaScript string literal that is safe inside `<script>`.
    private static func scriptString(_ text: String) -> String {
        var literal = ""
        for character in SCXMLValue.string(text).json ?? "\"\"" {
            if character == "<" { literal += "\\u003c" } else { literal.append(character) }
        }
        return literal
    }

    /// `text` escaped for a double-quoted HTML attribute.
    private static func htmlAttribute(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "\"": escaped += "&quot;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
