import Foundation
import GLibKit

/// Proof Key for Code Exchange (RFC 7636) with S256: a verifier of 32 random bytes and its
/// SHA-256, both base64url without padding; and a state of 16 random bytes.
struct PKCE: Equatable {
    let verifier: String
    let challenge: String
    let state: String

    init(random: (Int) -> [UInt8] = PKCE.systemRandom) {
        verifier = Self.base64URL(random(32))
        challenge = Self.challenge(for: verifier)
        state = Self.base64URL(random(16))
    }

    static func challenge(for verifier: String) -> String {
        let sha = Checksum()
        sha.update(Array(verifier.utf8))
        return base64URL(sha.digest())
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The system's generator (getrandom), fit for secrets.
    static func systemRandom(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
