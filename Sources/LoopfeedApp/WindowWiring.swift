import FeedCore
import FeedPresentation
import FeedUI
import Foundation
import GLibKit
import MainLoopServices

/// Hands each feature of the window what it uses of the services, and nothing else.
@MainActor
enum WindowWiring {
    static func dependencies(_ services: AppServices, options: CommandLineOptions, environment: EnvironmentOptions,
                             clock: SystemMonotonicClock) -> WindowDependencies {
        let library = services.library
        let events = services.events
        let timers = MainLoopTimers()
        let playable = services.playableURI
        let filePath: (String?) -> String? = { playable.filePath(for: $0) }
        let home = URL(fileURLWithPath: environment.home ?? NSHomeDirectory())
        let videosFolder = UserDirectories.videos
        // For You's candidates from the networks Discover reads, asked a few seconds after launch.
        let candidates = ForYouCandidates(explorer: services.explorer, repository: library, timers: timers, events: events)
        candidates.start()
        let folderExists: (String) -> Bool = { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
        let videoCache = services.videoCache
        // --cache-limit holds for this run; without it the preference resizes the cache at once.
        let cacheLimitChanged: (Int) -> Void = options.cacheLimit == nil
            ? { megabytes in videoCache.limit = Int64(megabytes) << 20 } : { _ in }
        return WindowDependencies(
            repository: library, events: events, preferences: services.preferences, notices: services.notices,
            selfHandle: services.selfHandle, startupNotices: services.inputs.skipped, isFirstLaunch: services.isFirstLaunch,
            feed: FeedDependencies(
                repository: library, events: events, clock: clock, timers: timers, playableURI: playable.callAsFunction,
                filePath: filePath, media: services.media, video: nil, remoteVideos: videoCache,
                preferences: services.preferences, stills: services.stills, notices: services.notices,
                watchSignals: services.interests, remotePosts: services.remotePosts,
                pinnedPosts: services.inputs.pinned, pageSize: 10, webImages: services.webImages,
                languages: environment.languages, actions: services.actions, interests: services.interests,
                home: HomeFeed(.init(repository: library, interests: services.interests, timers: timers,
                                     candidates: candidates),
                               kind: options.feed ?? .forYou),
                deliveries: ActionDeliveryMarks(outbox: services.outbox, timers: timers, actions: services.actions)),
            comments: CommentsDependencies(repository: library, events: events, clock: clock, timers: timers,
                                           selfHandle: services.selfHandle, filePath: filePath,
                                           reader: services.remotePosts, webImages: services.webImages,
                                           actions: services.actions, outbox: services.outbox),
            create: CreateDependencies(
                media: services.media, repository: library, events: events, clock: clock, timers: timers,
                dataDirectory: services.paths.dataDirectory, preferences: services.preferences, sounds: services.sounds,
                videosFolder: videosFolder, homeFolder: home, publisher: services.publisher, clipJobs: services.clipJobs,
                uploads: services.uploads),
            discover: DiscoverDependencies(repository: library, thumbnails: services.thumbnails,
                                           playableURI: playable.callAsFunction, filePath: filePath, events: events,
                                           clock: clock, images: services.webImages,
                                           explorer: services.explorer),
            inbox: InboxDependencies(repository: library, thumbnails: services.thumbnails,
                                     playableURI: playable.callAsFunction, filePath: filePath),
            profile: ProfileDependencies(repository: library, thumbnails: services.thumbnails,
                                         playableURI: playable.callAsFunction, filePath: filePath, cache: services.cache,
                                         clock: clock, avatars: services.avatars),
            following: FollowingDependencies(
                subscriptions: services.subscriptions, webImages: services.webImages,
                addressesToFollow: services.inputs.addressesToFollow, opmlFilesToImport: services.inputs.opmlFiles,
                refreshSeconds: environment.feedRefreshSeconds ?? EnvironmentOptions.defaultRefreshSeconds),
            preferencesWindow: PreferencesDependencies(store: services.preferences, videosFolder: videosFolder,
                                                       folderExists: folderExists, videoCacheLimitChanged: cacheLimitChanged,
                                                       library: services.libraryWatcher, serverChecker: services.serverCheck,
                                                       readNetworks: ReadNetworks(runIndex: options.searchIndex),
                                                       runInstances: options.instances, accounts: services.accounts,
                                                       images: services.webImages,
                                                       interests: InterestsEditor(recorder: services.interests,
                                                                                  creatorName: { library.creatorName(id: $0) })),
            imports: ImportDependencies(importer: services.importer, videosFolder: videosFolder, homeFolder: home,
                                        folderExists: folderExists))
    }
}
