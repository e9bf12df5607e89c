#ifndef WOODSHED_CNCURSESW_SHIM_H
#define WOODSHED_CNCURSESW_SHIM_H
// Wide-character curses API (cchar_t, mvadd_wch, setcchar) needs these before the header.
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#endif
