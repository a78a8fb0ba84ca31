#!/bin/sh
# Writes a blind script that keeps Balloons Hard playing for MINUTES simulated minutes:
#   tools/e2e/balloons-script.sh MINUTES [QUIT_AFTER_MINUTES] > script.txt
# With QUIT_AFTER_MINUTES the same lines are written, with a `quit` at that time: a warm-up
# run then parses exactly the script of the long run (the parsed script is part of the
# memory measured) and plays its first minutes, frame for frame.
#
# Balloon positions are only known from dumps, so the script taps a fixed grid across the
# play area, one tap every 4 frames (a balloon rarely gets through, so the 10-second idle
# rule never ends a game; popping a skull does, which is fine), and taps the end screen's ↻ (alert-yes)
# every second (its frame is fixed: the alert's buttons do not depend on the message), so
# every game over starts a new game. Home's Balloons, Hard and Play are tapped again every
# 10 s as a safety net; on the game screen those taps only pop balloons. The grid rows
# avoid the top bar (Back, pause) and the end screen's house button (alert-no, 536..736 x 410..586).
# Every time is a frame time minus 1 ms, so each line runs on exactly the frame meant.
set -eu
minutes=${1:?usage: balloons-script.sh MINUTES [QUIT_AFTER_MINUTES]}
quit_after=${2:-$minutes}
awk -v minutes="$minutes" -v quit_after="$quit_after" 'BEGIN {
    frames = int(minutes * 3600)
    quit_frame = int(quit_after * 3600)
    split("300 640", rows, " ")
    point = 0
    for (f = 30; f <= frames; f++) {
        t = sprintf("%.4f", f / 60 - 0.001)
        if (f % 600 == 30)      print t " tap-item game-balloons"
        else if (f % 600 == 34) print t " tap-item level-hard"
        else if (f % 600 == 38) print t " tap-item play"
        else if (f % 60 == 2)   print t " tap 388 498"    # alert: Yes
        else if (f > 60 && f % 4 == 0) {
            column = int(point / 2) % 10
            print t " tap " (column * 102 + 53) " " rows[point % 2 + 1]
            point++
        }
        if (f == quit_frame) printf "%.4f quit\n", f / 60
    }
}'
