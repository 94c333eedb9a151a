/// The outbox in the library: an action is written here before anything is sent, and each
/// change of its sending is written before the next step, so a restart finds where it stood.
public protocol OutboxStoring: AnyObject {
    /// Every entry, oldest first.
    func outboxEntries() throws -> [OutboxEntry]
    /// Writes `action` as `OutboxRules.adding` says (a like replacing one not yet sent, a delete
    /// dropping a comment that never left): the entries it added or changed.
    func addToOutbox(_ action: OutboxAction, account: AccountKey, postID: Int64?) throws -> [OutboxEntry]
    /// Writes where `entry`'s sending stands now.
    func saveOutboxEntry(_ entry: OutboxEntry) throws
}
