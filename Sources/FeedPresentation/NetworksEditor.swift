public import FeedCore
public import Foundation
import Localization

/// The networks the user reads, as Preferences' Networks section decides them: PeerTube
/// instances and Loops servers by address (an address is asked what it is before it is kept,
/// and the answer said in plain words), the search index (its address, on or off) and whether
/// sensitive videos show. Each change is written through the PreferencesStore and handed to the
/// explorer at once; servers named with `--instance` hold for the run only.
@MainActor
public final class NetworksEditor {
    /// A server the user reads.
    public struct Entry: Equatable, Sendable {
        public var address: String
        public var kind: RemoteServer.Kind
        /// Named on the command line: read this run, not kept.
        public var forThisRun: Bool
    }

    /// What the section says under the address field.
    public enum Status: Equatable, Sendable {
        case idle
        case checking(String)
        case added(String)
        case problem(String)

        public var text: String? {
            switch self {
            case .idle: nil
            case .checking(let text), .added(let text), .problem(let text): text
            }
        }
    }

    public private(set) var status = Status.idle
    /// Anything shown changed (the list, the status, the switches).
    public var onChange: (() -> Void)?
    /// The servers or the sensitive switch changed (Discover asks again).
    public var onServersChanged: (() -> Void)?
    /// A change holds for this run but could not be written (a full disk).
    public var onNotSaved: ((PreferencesNotSaved) -> Void)?

    private let store: PreferencesStore
    private let checker: (any NetworkServerChecking)?
    private let explorer: (any NetworkExploring)?
    private var run: ReadNetworks
    private var checking: (any NetworkRequest)?

    public init(store: PreferencesStore, checker: (any NetworkServerChecking)?, explorer: (any NetworkExploring)?,
                run: ReadNetworks = ReadNetworks()) {
        self.store = store
        self.checker = checker
        self.explorer = explorer
        self.run = run
        explorer?.servers = run.servers(store.load())
    }

    /// Whether the networks can be asked at all (the app has a client for them).
    public var isAvailable: Bool { checker != nil && explorer != nil }

    public var entries: [Entry] {
        let preferences = store.load()
        return preferences.peertubeInstances.map { Entry(address: $0, kind: .peertube, forThisRun: false) }
            + preferences.loopsServers.map { Entry(address: $0, kind: .loops, forThisRun: false) }
            + run.runServers.map { Entry(address: $0.baseURL.absoluteString, kind: $0.kind, forThisRun: true) }
    }

    /// Every server Discover asks now.
    public var servers: [RemoteServer] { run.servers(store.load()) }

    /// Whether the user reads servers of their own (not only the search index).
    public var hasOwnServers: Bool { run.hasOwnServers(store.load()) }

    public var searchIndex: String {
        switch run.runIndex {
        case .address(let url): url.absoluteString
        case .preferences, .none: store.load().searchIndex
        }
    }

    public var searchIndexEnabled: Bool {
        switch run.runIndex {
        case .preferences: store.load().searchIndexEnabled
        case .none: false
        case .address: true
        }
    }

    /// The index's host while searches go to it ("sepiasearch.org"), for the sentence that says so.
    public var searchIndexHost: String? { servers.first(where: \.isSearchIndex)?.host }

    public var showsSensitive: Bool { store.load().showsSensitiveVideos }

    // MARK: - Changes

    /// Asks `typed` what it is, then keeps it as an instance or a Loops server, or says why not.
    public func add(_ typed: String) {
        guard let base = NetworkAddress.base(typed) else {
            return say(.problem(tr("“{text}” is not a web address (like tube.example or https://loops.example).",
                                   ["text": ShownText.oneLine(String(typed.prefix(200)))])))
        }
        let host = RemoteHost.host(of: base) ?? base.absoluteString
        guard !entries.contains(where: { NetworkAddress.base($0.address) == base }) else {
            return say(.problem(tr("{host} is already in your networks.", ["host": host])))
        }
        guard let checker else { return }
        checking?.cancel()
        say(.checking(tr("Asking {host} what it is…", ["host": host])))
        checking = checker.check(base) { [weak self] result in
            self?.checked(base, host: host, result)
        }
    }

    private func checked(_ base: URL, host: String, _ result: Result<RemoteServerInfo?, NetworkFailure>) {
        checking = nil
        switch result {
        case .failure(let failure):
            say(.problem(failure.description))
        case .success(nil):
            say(.problem(tr("{host} answered, but it is neither a PeerTube instance nor a Loops server.", ["host": host])))
        case .success(let info?):
            keep {
                if info.network == .peertube { $0.peertubeInstances.append(base.absoluteString) } else { $0.loopsServers.append(base.absoluteString) }
            }
            let name = info.name.isEmpty ? host : info.name
            let what = info.network == .peertube
                ? (info.version.map { tr("PeerTube {version}", ["version": $0]) } ?? tr("PeerTube"))
                : tr("Loops")
            say(.added(tr("Added {name} ({what}): Discover shows its videos.", ["name": name, "what": what])))
        }
    }

    public func remove(_ entry: Entry) {
        if entry.forThisRun {
            run.runServers.removeAll { $0.baseURL.absoluteString == entry.address }
            return changed()
        }
        keep {
            $0.peertubeInstances.removeAll { $0 == entry.address }
            $0.loopsServers.removeAll { $0 == entry.address }
        }
        say(.idle)
    }

    /// A new index address; false (and said) when it is not one.
    @discardableResult
    public func setSearchIndex(_ typed: String) -> Bool {
        guard let base = NetworkAddress.base(typed) else {
            say(.problem(tr("“{text}” is not a web address (like tube.example or https://loops.example).",
                            ["text": ShownText.oneLine(String(typed.prefix(200)))])))
            return false
        }
        if case .address = run.runIndex { run.runIndex = .preferences }
        keep { $0.searchIndex = base.absoluteString }
        say(.idle)
        return true
    }

    public func setSearchIndexEnabled(_ on: Bool) {
        if run.runIndex != .preferences { run.runIndex = .preferences }
        keep { $0.searchIndexEnabled = on }
        changed()
    }

    public func setShowsSensitive(_ on: Bool) {
        keep { $0.showsSensitiveVideos = on }
        changed()
    }

    /// Servers named on the command line: each asked what it is, read this run when it answers,
    /// and why not said through `report`.
    public func addForThisRun(_ addresses: [URL], report: @escaping @MainActor (String) -> Void) {
        guard let checker else { return }
        for address in addresses {
            guard let base = RemoteHost.base(of: address), let host = RemoteHost.host(of: base) else {
                report(tr("“{text}” is not a web address (like tube.example or https://loops.example).",
                          ["text": ShownText.oneLine(address.absoluteString)]))
                continue
            }
            checker.check(base) { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let info?):
                    guard let server = RemoteServer(kind: info.network == .loops ? .loops : .peertube, address: base),
                          !run.runServers.contains(server) else { return }
                    run.runServers.append(server)
                    changed()
                case .success(nil):
                    report(tr("{host} answered, but it is neither a PeerTube instance nor a Loops server.", ["host": host]))
                case .failure(let failure):
                    report(failure.description)
                }
            }
        }
    }

    private func keep(_ change: (inout Preferences) -> Void) {
        do {
            try store.update(change)
        } catch {
            onNotSaved?(error)
        }
        explorer?.servers = servers
    }

    private func say(_ status: Status) {
        self.status = status
        changed()
    }

    private func changed() {
        explorer?.servers = servers
        onChange?()
        onServersChanged?()
    }
}
