package import CGLib

/// A GError turned into a Swift error; the GError itself is freed on conversion.
public struct GLibError: Error, Equatable, CustomStringConvertible, Sendable {
    public let domain: String
    public let code: Int32
    public let message: String

    public init(domain: String, code: Int32, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }

    /// Takes ownership of `error` and frees it.
    package init(consuming error: UnsafeMutablePointer<GError>) {
        domain = g_quark_to_string(error.pointee.domain).map { String(cString: $0) } ?? "unknown"
        code = error.pointee.code
        message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        g_error_free(error)
    }

    public var description: String { message }

    /// Calls a C function taking `GError **`, throwing what it reports.
    package static func check<T>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T) throws -> T {
        var error: UnsafeMutablePointer<GError>?
        let result = body(&error)
        if let error { throw GLibError(consuming: error) }
        return result
    }
}
