#ifndef KIDS_JOY_CSDL2_X11_H
#define KIDS_JOY_CSDL2_X11_H

/* X11 look-ups for fullscreen without a window manager. A module of its own (CSDL2X11), so
   Xlib's names (Window, Display, Font, ...) are seen only by the file that imports it. */
#define SDL_MAIN_HANDLED 1
/* SDL through the CSDL2 module's own header, never a second textual <SDL.h>: with SDL 2.32
   (Debian 13), whose C enums are named, Swift 6.0 would hide SDLK_* and
   SDL_CONTROLLER_BUTTON_* from the files that import CSDL2X11. */
#include "shim.h"
#include <SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <string.h>

/* The window's real place (on the root window) and size on an X display: SDL's own can be
   the size it asked for, not the one it got. Returns 0 when the window is not an X11 one. */
static inline int kjc_x11_window_rect(SDL_Window *window, SDL_Rect *rect) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    Display *display = info.info.x11.display;
    XWindowAttributes attributes;
    if (!XGetWindowAttributes(display, info.info.x11.window, &attributes)) return 0;
    int x = 0, y = 0;
    Window child;
    XTranslateCoordinates(display, info.info.x11.window, attributes.root, 0, 0, &x, &y, &child);
    rect->x = x; rect->y = y; rect->w = attributes.width; rect->h = attributes.height;
    return 1;
}

/* Whether an EWMH window manager runs on the window's X display (the root window's
   _NET_SUPPORTING_WM_CHECK names a window). Returns 0 when not X11 or none runs. */
static inline int kjc_x11_has_window_manager(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    Display *display = info.info.x11.display;
    Atom check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", True);
    if (check == None) return 0;
    Atom type; int format; unsigned long count = 0, after = 0; unsigned char *data = NULL;
    int status = XGetWindowProperty(display, DefaultRootWindow(display), check, 0, 1, False, XA_WINDOW,
                                    &type, &format, &count, &after, &data);
    int found = status == Success && type == XA_WINDOW && count == 1 && data != NULL;
    if (data) XFree(data);
    return found;
}

/* Sends an EWMH client message about the window to the root window (to the window manager). */
static inline int kjc_x11_send_wm_message(SDL_Window *window, const char *name, long l0, long l1, long l2) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    Display *display = info.info.x11.display;
    XEvent e;
    memset(&e, 0, sizeof e);
    e.xclient.type = ClientMessage;
    e.xclient.window = info.info.x11.window;
    e.xclient.message_type = XInternAtom(display, name, False);
    e.xclient.format = 32;
    e.xclient.data.l[0] = l0;
    e.xclient.data.l[1] = l1;
    e.xclient.data.l[2] = l2;
    XSendEvent(display, DefaultRootWindow(display), False, SubstructureRedirectMask | SubstructureNotifyMask, &e);
    XFlush(display);
    return 1;
}

/* Asks the window manager to show, raise and focus the window, as a pager asks (source 2):
   it switches to the window's desktop and un-minimises it if need be. Unlike SDL_ShowWindow,
   it never waits for the window to be mapped (a window manager may not map a window that
   sits on another desktop, and SDL would wait for it for ever). 0 when not X11. */
static inline int kjc_x11_activate(SDL_Window *window) {
    return kjc_x11_send_wm_message(window, "_NET_ACTIVE_WINDOW", 2, CurrentTime, 0);
}

/* Puts the window on every desktop (_NET_WM_DESKTOP 0xFFFFFFFF): switching desktops never
   hides it. 0 when not X11. */
static inline int kjc_x11_on_every_desktop(SDL_Window *window) {
    return kjc_x11_send_wm_message(window, "_NET_WM_DESKTOP", (long)0xFFFFFFFFu, 2, 0);
}

#endif
