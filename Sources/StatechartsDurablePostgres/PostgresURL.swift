import Foundation
import PostgresNIO

/// A connection URL,
/// `postgres://user[:password]@host[:port]/database[?schema=NAME&sslmode=MODE&connect_timeout=SECONDS]`,
/// read into its parts.
struct PostgresURL: Sendable {
    /// How the connection uses TLS: libpq's `sslmode` values that apply.
    enum TLSMode: String, Sendable {
        /// No TLS.
        case disable
        /// TLS when the server offers it, without checking its certificate (libpq's default).
        case prefer
        /// TLS always, without checking the certificate.
        case require
        /// TLS always, with the certificate checked against the system's roots and the host name.
        case verifyFull = "verify-full"
    }

    var host: String
    var port: Int
    var user: String
    var password: String?
    var database: String
    /// The schema that holds the store's tables (`public` by default).
    var schema: String
    var tls: TLSMode
    /// How long opening a connection may take, in seconds (libpq's `connect_timeout`; 10 by
    /// default).
    var connectTimeoutSeconds: Int

    /// The longest `connect_timeout` accepted: a day.
    static let longestConnectTimeout = 86_400

    static let usage = "postgres://user[:password]@host[:port]/database"
        + "[?schema=NAME&sslmode=disable|prefer|require|verify-full&connect_timeout=SECONDS]"

    init(_ text: String) throws {
        func malformed(_ why: String) -> PostgresDurableStorageError {
            // The URL is not repeated whole: it may hold a password.
            PostgresDurableStorageError(message: "malformed PostgreSQL URL: \(why); expected \(Self.usage)")
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme else {
            throw malformed("it does not parse as a URL")
        }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw malformed("the scheme is '\(scheme)', not 'postgres' or 'postgresql'")
        }
        guard let host = components.host, !host.isEmpty else { throw malformed("there is no host") }
        guard let user = components.user, !user.isEmpty else { throw malformed("there is no user name before '@'") }
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !database.isEmpty, !database.contains("/") else { throw malformed("there is no database name after the host ('/database')") }
        var schema = "public"
        var tls = TLSMode.prefer
        var connectTimeoutSeconds = 10
        for item in components.queryItems ?? [] {
            switch item.name {
            case "schema":
                guard let value = item.value, Self.isPlainIdentifier(value) else {
                    throw malformed("the schema must be 1 to 63 letters, digits or '_', starting with a letter or '_'")
                }
                schema = value
            case "sslmode":
                guard let value = item.value, let mode = TLSMode(rawValue: value) else {
                    throw malformed("sslmode '\(item.value ?? "")' is not one of disable, prefer, require, verify-full")
                }
                tls = mode
            case "connect_timeout":
                guard let value = item.value, let seconds = Int(value), (1...Self.longestConnectTimeout).contains(seconds) else {
                    throw malformed("connect_timeout '\(item.value ?? "")' is not a whole number of seconds from 1 to \(Self.longestConnectTimeout)")
                }
                connectTimeoutSeconds = seconds
            default:
                throw malformed("unknown parameter '\(item.name)' (schema, sslmode and connect_timeout are known)")
            }
        }
        self.host = host
        // URLComponents reads ports up to Int.max; a TCP port is at most 65535.
        if let port = components.port {
            guard (1...65_535).contains(port) else { throw malformed("the port \(port) is not between 1 and 65535") }
            self.port = port
        } else {
            self.port = 5432
        }
        self.user = user
        self.password = components.password
        self.database = database
        self.schema = schema
        self.tls = tls
        self.connectTimeoutSeconds = connectTimeoutSeconds
    }

    /// Whether `name` can be used unquoted as a PostgreSQL identifier (lower case letters, so it
    /// means the same quoted or not).
    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 63 else { return false }
        let lower = Unicode.Scalar("a").value...Unicode.Scalar("z").value
        let digit = Unicode.Scalar("0").value...Unicode.Scalar("9").value
        guard lower.contains(first.value) || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { lower.contains($0.value) || digit.contains($0.value) || $0 == "_" }
    }

    /// Where the server is, for messages: never the password.
    var endpoint: String { "\(host):\(port)/\(database)" }

    /// The pool's configuration.
    func clientConfiguration(poolSize: Int) -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: clientTLS)
        configuration.options.maximumConnections = max(1, poolSize)
        configuration.options.minimumConnections = 0
        configuration.options.connectTimeout = .seconds(Int64(connectTimeoutSeconds))
        return configuration
    }

    /// The configuration of the single connection that checks the server and creates the tables.
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        switch self.tls {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(try NIOSSLContext(configuration: Self.tlsConfiguration(verified: false)))
        case .require: tls = .require(try NIOSSLContext(configuration: Self.tlsConfiguration(verified: false)))
        case .verifyFull: tls = .require(try NIOSSLContext(configuration: Self.tlsConfiguration(verified: true)))
        }
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls)
        configuration.options.connectTimeout = .seconds(Int64(connectTimeoutSeconds))
        return configuration
    }

    private var clientTLS: PostgresClient.Configuration.TLS {
        switch tls {
        case .disable: .disable
        case .prefer: .prefer(Self.tlsConfiguration(verified: false))
        case .require: .require(Self.tlsConfiguration(verified: false))
        case .verifyFull: .require(Self.tlsConfiguration(verified: true))
        }
    }

    private static func tlsConfiguration(verified: Bool) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if !verified { configuration.certificateVerification = .none }
        return configuration
    }
}
