public import FeedCore
public import Foundation

/// NetworkServerChecking scripted by the test: each check waits until the test answers it.
@MainActor
public final class FakeServerChecker: NetworkServerChecking {
    public private(set) var checks: [FakeNetworkCall<URL, Result<RemoteServerInfo?, NetworkFailure>>] = []

    public init() {}

    public func check(_ address: URL, then: @escaping @MainActor (Result<RemoteServerInfo?, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        let call = FakeNetworkCall(address, deliver: then)
        checks.append(call)
        return call.request
    }
}
