/// The school server's schema, the project's own (docs/schools.md, "The school's server"): versioned in
/// `kjc_schema`; `kids-joy-center server init` creates it or brings it up to this version, and
/// a server whose schema is newer than this game knows is refused, never changed.
public enum ServerSchema {
    /// The schema this game writes.
    public static let version = 2

    /// Step N brings the schema from version N to N+1 (step 0 makes it from nothing).
    public static let migrations: [String] = [
        // 1: the children, their rounds and stickers, and the tombstones of deleted children.
        // A round is known by its kiosk and its entry id (random on the kiosk): pushed twice,
        // it is one row.
        """
        CREATE TABLE kjc_schema (version integer NOT NULL);
        INSERT INTO kjc_schema (version) VALUES (0);
        CREATE TABLE children (
            uid text PRIMARY KEY,
            nickname text,
            animal text NOT NULL,
            colour text NOT NULL,
            created double precision NOT NULL,
            kiosk text NOT NULL,
            changed timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE tombstones (
            uid text PRIMARY KEY,
            kiosk text NOT NULL,
            deleted timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE rounds (
            entry text NOT NULL,
            kiosk text NOT NULL,
            child text REFERENCES children (uid) ON DELETE CASCADE,
            game text NOT NULL,
            level text NOT NULL,
            score integer NOT NULL CHECK (score >= 0),
            result text NOT NULL,
            reason text NOT NULL,
            duration double precision NOT NULL,
            progress integer NOT NULL,
            mistakes integer NOT NULL,
            relaxed boolean NOT NULL,
            counts boolean NOT NULL,
            played double precision NOT NULL,
            imported boolean NOT NULL,
            pushed timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (kiosk, entry)
        );
        CREATE TABLE stickers (
            kiosk text NOT NULL,
            round text NOT NULL,
            child text NOT NULL REFERENCES children (uid) ON DELETE CASCADE,
            kind integer NOT NULL,
            earned double precision NOT NULL,
            PRIMARY KEY (kiosk, round),
            FOREIGN KEY (kiosk, round) REFERENCES rounds (kiosk, entry) ON DELETE CASCADE
        );
        """,
        // 2: the kiosks by name (the class report says where each game was played), and the
        // rounds by child for the report and the Progress pages.
        """
        CREATE TABLE kiosks (
            id text PRIMARY KEY,
            name text NOT NULL,
            first_seen timestamptz NOT NULL DEFAULT now(),
            last_seen timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX rounds_by_child ON rounds (child, game, played);
        """,
    ]

    /// The server's schema version (nil: none made yet).
    public static func installed(_ c: PGConnection) throws(ServerError) -> Int? {
        let there = try c.exec("SELECT to_regclass('kjc_schema') IS NOT NULL")
        guard there.first?.first == "t" else { return nil }
        return try c.exec("SELECT max(version) FROM kjc_schema").first?.first.flatMap { $0.flatMap { Int($0) } }
    }

    /// What `server init` did.
    public enum Outcome: Equatable, Sendable {
        case created(Int)
        case migrated(from: Int, to: Int)
        case current(Int)

        public var sentence: String {
            switch self {
            case .created(let v): return "made the schema on the server (version \(v))"
            case .migrated(let a, let b): return "brought the server's schema from version \(a) to \(b)"
            case .current(let v): return "the server's schema is already version \(v); nothing to do"
            }
        }
    }

    static func newer(_ found: Int) -> ServerError {
        ServerError(.schema, "the server's schema is version \(found), newer than this game knows (\(version)): nothing was changed; update the game on this computer")
    }

    /// Creates the schema or brings it up to `version`, in one transaction (two admins at once
    /// wait for each other: an advisory lock). A newer schema is refused and left as it is.
    /// `upTo` (tests): stop at an older version.
    @discardableResult
    public static func initialize(_ c: PGConnection, upTo target: Int = version) throws(ServerError) -> Outcome {
        try c.transaction { () throws(ServerError) -> Outcome in
            try c.exec("SELECT pg_advisory_xact_lock(4747)")
            let found = try installed(c)
            if let found, found > version { throw newer(found) }
            let start = found ?? 0
            guard start < target else { return .current(start) }
            for step in start..<target {
                try c.exec(migrations[step])
                try c.exec("UPDATE kjc_schema SET version = $1", [String(step + 1)])
            }
            return found == nil ? .created(target) : .migrated(from: start, to: target)
        }
    }

    /// A kiosk's check before it pushes or reads: the schema must be this game's version.
    public static func check(_ c: PGConnection) throws(ServerError) {
        guard let found = try installed(c) else {
            throw ServerError(.schema, "the server has no Kids Joy Center schema yet: a grown-up runs 'kids-joy-center server init' once (the schools' guide, \"The school's server\")")
        }
        if found > version { throw newer(found) }
        if found < version {
            throw ServerError(.schema, "the server's schema is version \(found), older than this game's (\(version)): a grown-up runs 'kids-joy-center server init' to bring it up to date")
        }
    }
}
