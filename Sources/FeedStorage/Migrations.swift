/// The schema, versioned with `PRAGMA user_version` and migrated forward on open.
/// Never edit a shipped migration: append a new one.
public enum Migrations {
    public struct Migration: Sendable {
        public let version: Int
        public let sql: String
    }

    public static let all: [Migration] = [
        Migration(version: 1, sql: schemaVersion1),
        Migration(version: 2, sql: schemaVersion2),
        Migration(version: 3, sql: schemaVersion3),
        Migration(version: 4, sql: schemaVersion4),
        Migration(version: 5, sql: schemaVersion5),
        Migration(version: 6, sql: schemaVersion6),
        Migration(version: 7, sql: schemaVersion7),
        Migration(version: 8, sql: schemaVersion8),
        Migration(version: 9, sql: schemaVersion9),
        Migration(version: 10, sql: schemaVersion10),
        Migration(version: 11, sql: schemaVersion11),
        Migration(version: 12, sql: schemaVersion12),
        Migration(version: 13, sql: schemaVersion13),
        Migration(version: 14, sql: schemaVersion14),
        Migration(version: 15, sql: schemaVersion15),
    ]

    public static var latestVersion: Int { all.last?.version ?? 0 }

    /// Applies every migration newer than the file's version in one transaction, so a crash
    /// midway leaves the previous version intact.
    public static func migrate(_ connection: SQLiteConnection) throws {
        try connection.transaction {
            // Read again under the write lock: another process may have migrated meanwhile.
            let current = try connection.integerPragma("user_version")
            for migration in all where migration.version > current {
                try connection.execute(migration.sql)
            }
            if current < latestVersion {
                try connection.execute("PRAGMA user_version = \(latestVersion)")
            }
        }
    }

    /// Authors, posts, comments and follows, plus `post_search`: an FTS5 index over what a
    /// viewer types to find a post, kept in sync by triggers so no writer can forget it.
    /// `posts.hashtags` is the caption's tags, space-separated, computed by the writer since
    /// SQL cannot parse them; like state is a column because there is one local user.
    static let schemaVersion1 = """
        CREATE TABLE authors (
            id INTEGER PRIMARY KEY,
            handle TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            bio TEXT NOT NULL DEFAULT '',
            avatar_uri TEXT,
            cover_uri TEXT,
            followers INTEGER NOT NULL DEFAULT 0,
            following INTEGER NOT NULL DEFAULT 0,
            likes INTEGER NOT NULL DEFAULT 0,
            is_self INTEGER NOT NULL DEFAULT 0
        );

        CREATE TABLE follows (
            author_id INTEGER PRIMARY KEY REFERENCES authors(id) ON DELETE CASCADE,
            created_ms INTEGER NOT NULL
        );

        CREATE TABLE posts (
            id INTEGER PRIMARY KEY,
            author_id INTEGER NOT NULL REFERENCES authors(id) ON DELETE CASCADE,
            caption TEXT NOT NULL,
            music TEXT NOT NULL,
            hashtags TEXT NOT NULL DEFAULT '',
            video_uri TEXT NOT NULL UNIQUE,
            width INTEGER NOT NULL DEFAULT 0,
            height INTEGER NOT NULL DEFAULT 0,
            rotation INTEGER NOT NULL DEFAULT 0,
            duration REAL NOT NULL DEFAULT 0,
            like_count INTEGER NOT NULL DEFAULT 0,
            comment_count INTEGER NOT NULL DEFAULT 0,
            share_count INTEGER NOT NULL DEFAULT 0,
            liked INTEGER NOT NULL DEFAULT 0,
            created_ms INTEGER NOT NULL
        );
        CREATE INDEX posts_newest_first ON posts(created_ms DESC, id DESC);
        CREATE INDEX posts_by_author ON posts(author_id);

        CREATE TABLE comments (
            id INTEGER PRIMARY KEY,
            post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
            author_id INTEGER NOT NULL REFERENCES authors(id) ON DELETE CASCADE,
            text TEXT NOT NULL,
            like_count INTEGER NOT NULL DEFAULT 0,
            liked INTEGER NOT NULL DEFAULT 0,
            created_ms INTEGER NOT NULL
        );
        CREATE INDEX comments_newest_first ON comments(post_id, created_ms DESC, id DESC);

        CREATE VIRTUAL TABLE post_search USING fts5(
            caption, author, music, hashtags,
            tokenize = "unicode61 remove_diacritics 2",
            prefix = '2 3'
        );

        CREATE TRIGGER posts_search_insert AFTER INSERT ON posts BEGIN
            INSERT INTO post_search(rowid, caption, author, music, hashtags)
            SELECT new.id, new.caption, a.handle || ' ' || a.name, new.music, new.hashtags
            FROM authors a WHERE a.id = new.author_id;
        END;

        CREATE TRIGGER posts_search_update
        AFTER UPDATE OF caption, music, hashtags, author_id ON posts BEGIN
            DELETE FROM post_search WHERE rowid = old.id;
            INSERT INTO post_search(rowid, caption, author, music, hashtags)
            SELECT new.id, new.caption, a.handle || ' ' || a.name, new.music, new.hashtags
            FROM authors a WHERE a.id = new.author_id;
        END;

        CREATE TRIGGER posts_search_delete AFTER DELETE ON posts BEGIN
            DELETE FROM post_search WHERE rowid = old.id;
        END;

        CREATE TRIGGER authors_search_update AFTER UPDATE OF handle, name ON authors BEGIN
            DELETE FROM post_search WHERE rowid IN (SELECT id FROM posts WHERE author_id = new.id);
            INSERT INTO post_search(rowid, caption, author, music, hashtags)
            SELECT p.id, p.caption, new.handle || ' ' || new.name, p.music, p.hashtags
            FROM posts p WHERE p.author_id = new.id;
        END;
        """

    /// The Inbox: likes, comments and follows on the user's posts and profile.
    static let schemaVersion2 = """
        CREATE TABLE activity (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('like', 'comment', 'follow')),
            actor_id INTEGER NOT NULL REFERENCES authors(id) ON DELETE CASCADE,
            post_id INTEGER REFERENCES posts(id) ON DELETE CASCADE,
            text TEXT,
            created_ms INTEGER NOT NULL,
            seen INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX activity_newest_first ON activity(created_ms DESC, id DESC);
        """

    /// Posting options of the recorder: comments on or off, and a chosen cover image.
    static let schemaVersion3 = """
        ALTER TABLE posts ADD COLUMN allow_comments INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE posts ADD COLUMN cover_uri TEXT;
        """

    /// The user's own files carry a fingerprint of their bytes, so a copy in another folder is
    /// found as the video already there.
    static let schemaVersion4 = """
        ALTER TABLE posts ADD COLUMN content_hash TEXT;
        CREATE INDEX posts_content_hash ON posts(content_hash) WHERE content_hash IS NOT NULL;
        """

    /// Subscriptions to feeds on the networks; their entries are posts that know where they
    /// came from (the subscription and the entry's id in it), so a refresh adds each once.
    static let schemaVersion5 = """
        CREATE TABLE subscriptions (
            id INTEGER PRIMARY KEY,
            url TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL DEFAULT '',
            image_url TEXT,
            etag TEXT,
            last_modified TEXT,
            last_refresh_ms INTEGER,
            last_error TEXT,
            new_count INTEGER NOT NULL DEFAULT 0,
            created_ms INTEGER NOT NULL
        );
        ALTER TABLE posts ADD COLUMN subscription_id INTEGER REFERENCES subscriptions(id) ON DELETE SET NULL;
        ALTER TABLE posts ADD COLUMN remote_id TEXT;
        CREATE UNIQUE INDEX posts_remote ON posts(subscription_id, remote_id) WHERE remote_id IS NOT NULL;
        """

    /// A followed entry's page on the web, which Share copies (not the video's file address).
    static let schemaVersion6 = """
        ALTER TABLE posts ADD COLUMN page_url TEXT;
        """

    /// A video with its own sound keeps no name in its music line (Post.musicLine names its author
    /// as they are now): the user's posts and followed videos written before lose the name they
    /// were stored with ("Original sound — You", "Original sound"), so a rename reaches them.
    static let schemaVersion7 = """
        UPDATE posts SET music = ''
        WHERE (music LIKE 'Original sound — %' AND author_id IN (SELECT id FROM authors WHERE is_self = 1))
           OR (music = 'Original sound' AND subscription_id IS NOT NULL);
        """

    /// Posts from the networks: where each lives (its origin's API and its id there, so the same
    /// video listed by another instance or the search index is one post), its views and when its
    /// counts were read, the sensitive mark, what its network serves of it (JSON, for choosing a
    /// rendition to play), whether it has sound, and whether it was only discovered (Explore, For
    /// You's candidates): Home's Following leaves those out, through its own index.
    static let schemaVersion8 = """
        ALTER TABLE posts ADD COLUMN remote_network TEXT;
        ALTER TABLE posts ADD COLUMN remote_host TEXT;
        ALTER TABLE posts ADD COLUMN remote_api TEXT;
        ALTER TABLE posts ADD COLUMN remote_key TEXT;
        ALTER TABLE posts ADD COLUMN remote_short TEXT;
        ALTER TABLE posts ADD COLUMN view_count INTEGER;
        ALTER TABLE posts ADD COLUMN counts_ms INTEGER;
        ALTER TABLE posts ADD COLUMN sensitive INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE posts ADD COLUMN sources_json TEXT;
        ALTER TABLE posts ADD COLUMN has_audio INTEGER;
        ALTER TABLE posts ADD COLUMN discovered INTEGER NOT NULL DEFAULT 0;
        CREATE UNIQUE INDEX posts_remote_identity ON posts(remote_network, remote_host, remote_key)
            WHERE remote_key IS NOT NULL;
        CREATE INDEX posts_remote_short ON posts(remote_network, remote_host, remote_short)
            WHERE remote_short IS NOT NULL;
        CREATE INDEX posts_home ON posts(created_ms DESC, id DESC) WHERE discovered = 0;
        """

    /// The outbox (issue 23): what the user did on a remote post or channel that their account
    /// must be told of, written before it is sent, with where its sending stands. AUTOINCREMENT:
    /// an id is the order actions were made in and is never given again. The action is columns
    /// by kind (rate, comment, delete_comment, follow); `state` is queued, sending, retrying,
    /// sent, refused, needs_sign_in or dropped. `retry_at_ms` and `last_attempt_ms` are wall
    /// clock, so a restart knows when a retry is due and from when to look for a comment.
    static let schemaVersion9 = """
        CREATE TABLE outbox (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            account_server TEXT NOT NULL,
            account_name TEXT NOT NULL,
            post_id INTEGER REFERENCES posts(id) ON DELETE SET NULL,
            kind TEXT NOT NULL CHECK (kind IN ('rate', 'comment', 'delete_comment', 'follow')),
            post_network TEXT,
            post_host TEXT,
            post_api TEXT,
            post_key TEXT,
            post_short TEXT,
            channel TEXT,
            turned_on INTEGER,
            local_comment_id TEXT,
            text TEXT,
            reply_to TEXT,
            target_comment TEXT,
            target_is_local INTEGER,
            state TEXT NOT NULL,
            retry_at_ms INTEGER,
            reason TEXT,
            remote_id TEXT,
            attempts INTEGER NOT NULL DEFAULT 0,
            renew_token_first INTEGER NOT NULL DEFAULT 0,
            may_have_been_sent INTEGER NOT NULL DEFAULT 0,
            last_attempt_ms INTEGER,
            created_ms INTEGER NOT NULL
        );
        CREATE INDEX outbox_post ON outbox(post_id) WHERE post_id IS NOT NULL;
        """

    /// The accounts the user signed in to, one per server: what Preferences lists and the
    /// tokens are found by in the keyring. No secret is kept here (the tokens, the client's
    /// secret are in the keyring); the expiry times say when to renew.
    static let schemaVersion10 = """
        CREATE TABLE accounts (
            origin TEXT PRIMARY KEY,
            network TEXT NOT NULL,
            username TEXT NOT NULL,
            display_name TEXT NOT NULL,
            avatar_url TEXT,
            client_id TEXT NOT NULL,
            access_expires_ms INTEGER NOT NULL,
            refresh_expires_ms INTEGER,
            added_ms INTEGER NOT NULL
        );
        """

    /// For You's signals (issue 24): what the user did with each post, with the post's creator,
    /// hashtags, instance, language and length copied in, so the taste can be computed again from
    /// them alone (a post may be deleted or trimmed from the cache). No foreign key: a signal
    /// outlives its post, and Erase all is the way they go. `interest_settings` holds the pause
    /// switch (one row).
    static let schemaVersion11 = """
        CREATE TABLE interest_signals (
            id INTEGER PRIMARY KEY,
            action TEXT NOT NULL CHECK (action IN ('watched', 'liked', 'commented', 'shared', 'followed',
                                                   'opened_profile', 'not_interested', 'hid_creator')),
            post_id INTEGER NOT NULL,
            created_ms INTEGER NOT NULL,
            watched_ms INTEGER NOT NULL DEFAULT 0,
            loops INTEGER NOT NULL DEFAULT 0,
            creator_id INTEGER NOT NULL,
            hashtags TEXT NOT NULL DEFAULT '',
            instance TEXT,
            language TEXT,
            length_s REAL NOT NULL DEFAULT 0
        );
        CREATE INDEX interest_signals_in_order ON interest_signals(created_ms, id);
        CREATE TABLE interest_settings (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            paused INTEGER NOT NULL DEFAULT 0
        );
        """

    /// What signed-in accounts follow and like (issue 23): a subscription knows the channel it
    /// follows on its network and the account it was brought from; `account_likes` keeps the
    /// videos an account likes on its server (by the network, the origin's host and the video's
    /// id or short uuid), and two triggers mark a post of one liked when it is stored or learns
    /// its place on the network, so a liked video shows as liked whenever it comes.
    static let schemaVersion12 = """
        ALTER TABLE subscriptions ADD COLUMN channel_kind TEXT;
        ALTER TABLE subscriptions ADD COLUMN channel_name TEXT;
        ALTER TABLE subscriptions ADD COLUMN channel_host TEXT;
        ALTER TABLE subscriptions ADD COLUMN from_account TEXT;
        CREATE TABLE account_likes (
            network TEXT NOT NULL,
            host TEXT NOT NULL,
            video TEXT NOT NULL,
            account TEXT NOT NULL,
            PRIMARY KEY (network, host, video)
        );
        CREATE TRIGGER posts_liked_by_account AFTER INSERT ON posts
        WHEN NEW.remote_key IS NOT NULL AND NEW.liked = 0 AND EXISTS (
            SELECT 1 FROM account_likes a WHERE a.network = NEW.remote_network AND a.host = NEW.remote_host
                AND a.video IN (NEW.remote_key, NEW.remote_short))
        BEGIN
            UPDATE posts SET liked = 1 WHERE id = NEW.id;
        END;
        CREATE TRIGGER posts_liked_by_account_placed AFTER UPDATE OF remote_key ON posts
        WHEN NEW.remote_key IS NOT NULL AND NEW.liked = 0 AND EXISTS (
            SELECT 1 FROM account_likes a WHERE a.network = NEW.remote_network AND a.host = NEW.remote_host
                AND a.video IN (NEW.remote_key, NEW.remote_short))
        BEGIN
            UPDATE posts SET liked = 1 WHERE id = NEW.id;
        END;
        """

    /// Posts on their way to a PeerTube channel (issue 23): where the server's upload is and
    /// how many bytes it has, written before each next step, so an upload goes on after a
    /// restart. `metadata` is UploadMetadata's JSON. The local post is not referenced by a
    /// foreign key: deleting it does not stop what already left.
    static let schemaVersion13 = """
        CREATE TABLE uploads (
            id INTEGER PRIMARY KEY,
            post_id INTEGER NOT NULL,
            account_server TEXT NOT NULL,
            account_name TEXT NOT NULL,
            file TEXT NOT NULL,
            total INTEGER NOT NULL,
            metadata TEXT NOT NULL,
            cover TEXT,
            session_url TEXT,
            bytes_on_server INTEGER NOT NULL DEFAULT 0,
            state TEXT NOT NULL,
            retry_at_ms INTEGER,
            reason TEXT,
            attempts INTEGER NOT NULL DEFAULT 0,
            remote_id TEXT,
            remote_url TEXT,
            created_ms INTEGER NOT NULL
        );
        """

    /// Whether a followed feed brings someone's posts, looked up per author (RowDecoding's
    /// `followedThroughFeed`): built as a list of every feed post's author for each statement,
    /// storing a feed's entries one by one grew with the library, and a 10 MB feed (18,915
    /// entries) was not stored after 90 s.
    static let schemaVersion14 = """
        CREATE INDEX posts_brought_by_feeds ON posts(author_id) WHERE subscription_id IS NOT NULL AND remote_id IS NOT NULL;
        """

    /// Discover's search keeps a prefix index of one letter too: the first letter typed matched
    /// every word it begins, term by term (12 ms over 20,000 posts, 2.4 ms for two letters).
    /// FTS5 takes its options only when the table is made, so it is made again from the posts.
    static let schemaVersion15 = """
        DROP TABLE post_search;
        CREATE VIRTUAL TABLE post_search USING fts5(
            caption, author, music, hashtags,
            tokenize = "unicode61 remove_diacritics 2",
            prefix = '1 2 3'
        );
        INSERT INTO post_search(rowid, caption, author, music, hashtags)
            SELECT p.id, p.caption, a.handle || ' ' || a.name, p.music, p.hashtags
            FROM posts p JOIN authors a ON a.id = p.author_id;
        """
}
