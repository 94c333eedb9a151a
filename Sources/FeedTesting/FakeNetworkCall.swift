public import FeedCore

/// A request the fakes hand out: whether it was cancelled.
@MainActor
public final class FakeNetworkRequest: NetworkRequest {
    public private(set) var cancelled = false
    public init() {}
    public func cancel() { cancelled = true }
}

/// One call a fake received, answered when the test says (never after a cancel).
@MainActor
public final class FakeNetworkCall<Question, Answer> {
    public let question: Question
    public let request = FakeNetworkRequest()
    private let deliver: @MainActor (Answer) -> Void
    public private(set) var answered = false

    init(_ question: Question, deliver: @escaping @MainActor (Answer) -> Void) {
        self.question = question
        self.deliver = deliver
    }

    public func answer(_ answer: Answer) {
        guard !request.cancelled, !answered else { return }
        answered = true
        deliver(answer)
    }
}
