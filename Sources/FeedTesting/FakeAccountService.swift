public import FeedCore
public import Foundation

/// An accounts service answered by the test: each sign-in, renewal and sign-out waits as a call.
@MainActor
public final class FakeAccountService: AccountSigningIn {
    public struct PeerTubeQuestion: Equatable {
        public var origin: URL
        public var username: String
        public var password: String
        public var twoFactorCode: String?

        public init(origin: URL, username: String, password: String, twoFactorCode: String?) {
            self.origin = origin
            self.username = username
            self.password = password
            self.twoFactorCode = twoFactorCode
        }
    }

    public struct RenewQuestion: Equatable {
        public var account: Account
        public var clientSecret: String
        public var refreshToken: String
    }

    public struct SignOutQuestion: Equatable {
        public var account: Account
        public var accessToken: String
    }

    public private(set) var peertubeSignIns: [FakeNetworkCall<PeerTubeQuestion, Result<SignedInAccount, SignInFailure>>] = []
    public private(set) var loopsSignIns: [FakeNetworkCall<URL, Result<SignedInAccount, SignInFailure>>] = []
    public private(set) var renewals: [FakeNetworkCall<RenewQuestion, Result<AccountTokens, SignInFailure>>] = []
    public private(set) var signOuts: [FakeNetworkCall<SignOutQuestion, Result<Void, SignInFailure>>] = []

    public init() {}

    public func signInPeerTube(origin: URL, username: String, password: String, twoFactorCode: String?,
                               then done: @escaping @MainActor (Result<SignedInAccount, SignInFailure>) -> Void) -> any NetworkRequest {
        let call = FakeNetworkCall(PeerTubeQuestion(origin: origin, username: username, password: password,
                                                    twoFactorCode: twoFactorCode), deliver: done)
        peertubeSignIns.append(call)
        return call.request
    }

    public func signInLoops(origin: URL,
                            then done: @escaping @MainActor (Result<SignedInAccount, SignInFailure>) -> Void) -> any NetworkRequest {
        let call = FakeNetworkCall(origin, deliver: done)
        loopsSignIns.append(call)
        return call.request
    }

    public func renew(_ account: Account, clientSecret: String, refreshToken: String,
                      then done: @escaping @MainActor (Result<AccountTokens, SignInFailure>) -> Void) -> any NetworkRequest {
        let call = FakeNetworkCall(RenewQuestion(account: account, clientSecret: clientSecret, refreshToken: refreshToken),
                                   deliver: done)
        renewals.append(call)
        return call.request
    }

    public func signOut(_ account: Account, accessToken: String,
                        then done: @escaping @MainActor (Result<Void, SignInFailure>) -> Void) -> any NetworkRequest {
        let call = FakeNetworkCall(SignOutQuestion(account: account, accessToken: accessToken), deliver: done)
        signOuts.append(call)
        return call.request
    }
}
