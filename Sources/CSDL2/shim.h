#ifndef KIDS_JOY_CSDL2_SHIM_H
#define KIDS_JOY_CSDL2_SHIM_H

#define SDL_MAIN_HANDLED 1
#include <SDL.h>
#include <SDL_image.h>
#include <SDL_mixer.h>
#include <SDL_ttf.h>
#include <malloc.h>

/* Macros Swift cannot import, re-exported as inline functions. */
static inline int kjc_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline Uint32 kjc_touch_mouse_id(void) { return (Uint32)SDL_TOUCH_MOUSEID; }
static inline SDL_TouchID kjc_mouse_touch_id(void) { return (SDL_TouchID)SDL_MOUSE_TOUCHID; }
static inline Uint16 kjc_audio_format_default(void) { return (Uint16)MIX_DEFAULT_FORMAT; }

/* glibc: allocations of `bytes` and more get their own mappings, returned when freed
   (a fixed threshold, instead of one glibc raises after large blocks are freed). */
static inline void kjc_mmap_threshold(int bytes) { mallopt(M_MMAP_THRESHOLD, bytes); }

#endif
