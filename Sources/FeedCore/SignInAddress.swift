public import Foundation

/// The address a user typed to sign in to, as the origin requests go to: https, or plain http
/// only to this computer (127.0.0.0/8, ::1: the test servers), since a password and tokens
/// cross it.
public enum SignInAddress {
    public static func origin(of typed: String) -> Result<URL, SignInFailure> {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        let withScheme = text.contains("://") ? text : "https://" + text
        guard let url = URL(string: withScheme), let scheme = url.scheme?.lowercased(),
              let host = url.host, !host.isEmpty, url.user == nil, url.password == nil else {
            return .failure(.insecureAddress(typed))
        }
        switch scheme {
        case "https": break
        case "http" where isThisComputer(host): break
        default: return .failure(.insecureAddress(typed))
        }
        var parts = URLComponents()
        parts.scheme = scheme
        parts.host = host.hasPrefix("[") || !host.contains(":") ? host.lowercased() : "[\(host)]"
        parts.port = url.port
        guard let origin = parts.url else { return .failure(.insecureAddress(typed)) }
        return .success(origin)
    }

    static func isThisComputer(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) else { return false }
        return octets[0] == "127"
    }
}
