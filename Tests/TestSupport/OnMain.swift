/// Runs a test body on the main actor. XCTest on Linux runs tests on the main thread but
/// cannot call `@MainActor` test methods (it fails to cast them when listing the tests), so
/// tests stay nonisolated and hop in here.
public func onMain<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
    try MainActor.assumeIsolated(body)
}
