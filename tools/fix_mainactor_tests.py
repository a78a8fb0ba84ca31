#!/usr/bin/env python3
"""Linux XCTest aborts on main-actor test methods ("Could not cast value of type
'(T) -> @MainActor () -> ()'"). XCTest runs tests on the main thread, so this rewrites
`@MainActor func test_x() [throws] {` ... `    }` into a nonisolated method whose body runs
in `MainActor.assumeIsolated`. The method must end with a line `    }`."""
import re, sys
for path in sys.argv[1:]:
    lines = open(path).read().split('\n')
    out, inside = [], False
    for line in lines:
        m = re.match(r'^    @MainActor (func test\w*\(\)( throws)?) \{$', line)
        if m and not inside:
            out.append('    ' + m.group(1) + ' {')
            out.append('        ' + ('try ' if m.group(2) else '') + 'MainActor.assumeIsolated {')
            inside = True
            continue
        if inside and line == '    }':
            out.append('        }')
            out.append('    }')
            inside = False
            continue
        out.append(('    ' + line) if inside and line else line)
    open(path, 'w').write('\n'.join(out))
