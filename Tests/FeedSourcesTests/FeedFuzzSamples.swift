import Foundation

/// Valid documents of every kind FeedDocument.read takes, as the networks write them: what the
/// parser's tests read, the feed fuzzer's starting points, and what it splices hostile pieces into.
enum FeedFuzzSamples {
    static let base = URL(string: "https://video.example/feeds/videos.xml?videoChannelId=7")!

    static let peerTubeRSS = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom" \
        xmlns:media="http://search.yahoo.com/mrss/">
          <channel>
            <title>Blender Studio</title>
            <link>https://video.example/c/blender</link>
            <image><url>https://video.example/lazy-static/avatars/a.png</url><title>Blender</title></image>
            <item>
              <title>Sprite Fright &lt;b&gt;trailer&lt;/b&gt;</title>
              <link>https://video.example/w/abc</link>
              <guid>https://video.example/w/abc</guid>
              <pubDate>Tue, 01 Dec 2026 10:00:00 GMT</pubDate>
              <description><![CDATA[<p>A <b>short</b> film &amp; more.</p><p>Second line</p>]]></description>
              <dc:creator>Blender</dc:creator>
              <media:group>
                <media:content url="https://video.example/static/web-videos/abc-1080.mp4" fileSize="900000" type="video/mp4" duration="60" height="1080"/>
                <media:content url="https://video.example/static/web-videos/abc-480.mp4" fileSize="300000" type="video/mp4" duration="60" height="480"/>
                <media:content url="/static/web-videos/abc-720.mp4" type="video/mp4" duration="60" height="720"/>
                <media:content url="https://video.example/lazy-static/torrents/abc-480.torrent" type="application/x-bittorrent" height="480"/>
                <media:content url="https://video.example/static/streaming-playlists/hls/abc/master.m3u8" type="application/x-mpegURL"/>
              </media:group>
              <media:thumbnail url="https://video.example/lazy-static/thumbnails/abc.jpg" height="122" width="223"/>
            </item>
            <item><title>A live without a file</title><guid>live-1</guid></item>
            <item><title>Second</title><guid>2</guid><enclosure url="https://video.example/2.mp4" type="video/mp4" length="10"/></item>
          </channel>
        </rss>
        """

    static let loopsAtom = """
        <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
          <title>@dansup on Loops</title>
          <link rel="alternate" href="https://loops.example/@dansup"/>
          <entry>
            <id>https://loops.example/v/xyz</id>
            <title type="html">Morning &lt;i&gt;loop&lt;/i&gt;</title>
            <link rel="alternate" href="https://loops.example/v/xyz"/>
            <link rel="enclosure" type="video/mp4" href="https://cdn.loops.example/xyz.mp4" length="12345"/>
            <media:content url="https://cdn.loops.example/xyz.mp4" type="video/mp4" medium="video"/>
            <media:thumbnail url="https://cdn.loops.example/xyz.jpg"/>
            <author><name>dansup</name></author>
            <published>2026-11-30T08:00:00Z</published>
            <summary type="text">Coffee &amp; code</summary>
          </entry>
        </feed>
        """

    static let jsonFeed = """
        {"version": "https://jsonfeed.org/version/1.1", "title": "Clips", "home_page_url": "https://clips.example/",
         "icon": "https://clips.example/icon.png", "authors": [{"name": "Ann"}],
         "items": [
           {"id": 42, "url": "https://clips.example/42", "title": "Waves", "content_html": "<p>At the <i>sea</i></p>",
            "date_published": "2026-11-29T12:30:00.5Z", "image": "https://clips.example/42.jpg",
            "attachments": [{"url": "https://clips.example/42.mp4", "mime_type": "video/mp4", "size_in_bytes": 2048}]},
           {"id": "43", "title": "Dunes", "content_text": "Sand", "authors": [{"name": "Bo"}],
            "attachments": [{"url": "/43.webm", "mime_type": "video/webm"}]}
         ]}
        """

    static let loopsAPI = """
        {"data": [
          {"id": "80264773241016320", "caption": "What the hail?\\n\\n#hail #loops", "url": "https://loops.example/v/5qW",
           "created_at": "2026-11-30T08:00:00Z", "likes": 12, "account": {"id": "7", "username": "dansup", "name": "Dan"},
           "media": {"width": 720, "height": 1280, "src_url": "https://cdn.loops.example/v/5qW.mp4",
                     "thumbnail": "https://cdn.loops.example/v/5qW.jpg", "duration": 6.5}},
          {"id": "2", "caption": "second", "media": {"src_url": "https://cdn.loops.example/v/2.mp4"}}
         ], "meta": {"next_cursor": "c2"}, "links": {"next": "https://loops.example/api/v1/feed/account/7?cursor=c2"}}
        """

    static let opml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="2.0"><head><title>Subscriptions</title></head><body>
          <outline text="Videos">
            <outline text="Blender" title="Blender &amp; co" type="rss" xmlUrl="https://video.example/feeds/videos.xml?videoChannelId=7"/>
            <outline text="Loops" xmlUrl="https://loops.example/feeds/12.atom"/>
          </outline>
        </body></opml>
        """

    static let page = """
        <!DOCTYPE html><html><head><title>Ann's clips</title>
        <link rel="alternate" type="application/rss+xml" title="RSS" href="/feed.xml">
        <link rel="alternate" type="application/feed+json" href="https://ann.example/feed.json">
        </head><body><p>Hello</p></body></html>
        """

    static let all: [(name: String, text: String)] = [
        ("peertube_rss", peerTubeRSS), ("loops_atom", loopsAtom), ("json_feed", jsonFeed), ("loops_api", loopsAPI),
        ("opml", opml), ("html_page", page),
    ]

    /// What hostile senders put into feeds: markup, entities (an external one, a billion
    /// laughs), control and direction characters, SQL, links to this machine and to other
    /// schemes, bytes that are not UTF-8, and long text.
    static let hostile: [String] = [
        "<script>alert(1)</script>", "<b>bold</b>", "&lt;i&gt;", "&amp;amp;", "&#0;", "&#x202E;", "&#x7;",
        "<![CDATA[<img src=x onerror=alert(1)>]]>", "]]>", "<?xml version=\"1.0\"?>", "<!-- -->",
        "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>&e;",
        "<!DOCTYPE x [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">]>&d;",
        "\u{202E}gpj.exe", "\u{2066}\u{2069}\u{200F}", "\u{07}\u{1B}[31m\u{7F}\u{85}", "\\u0000\\u001b\\u202e",
        "'); DROP TABLE posts;--", "\" OR 1=1 --", "file:///etc/passwd", "javascript:alert(1)", "data:video/mp4;base64,AAAA",
        "//evil.example/x.mp4", "http://127.0.0.1:1/x.mp4", "ftp://x.example/v.mp4", "\\\\server\\share\\v.mp4",
        "https://", "http:///x", " https://video.example/x.mp4 ", "\"", "'", "}", "{", "]", "[", ":", ",", "null",
        String(repeating: "A", count: 70_000), String(repeating: "é", count: 5_000), String(repeating: "<a>", count: 2_000),
    ]
}
