#include <fribidi.h>

/* The paragraph directions and the X9 test are macros built from other macros, which Swift
   does not import: these return them. */
static inline FriBidiParType kjc_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType kjc_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType kjc_fribidi_par_auto(void) { return FRIBIDI_PAR_ON; }
static inline int kjc_fribidi_is_rtl(FriBidiParType direction) { return FRIBIDI_IS_RTL(direction) ? 1 : 0; }
/* Explicit embedding and isolate codes and boundary neutrals: rule X9 removes them, so they
   have no level of their own and show nothing. */
static inline int kjc_fribidi_is_removed_by_x9(FriBidiCharType type) { return FRIBIDI_IS_EXPLICIT_OR_BN(type) ? 1 : 0; }
