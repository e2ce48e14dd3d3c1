"""The palette, with no matplotlib behind it: the figures use these colours and so do the
widgets' browser modules, which get them from Python without importing the plotting stack.

The palette is Okabe and Ito's (2008, "Color Universal Design"), which stays distinguishable
with the common colour-vision deficiencies; where a colour carries meaning, a shape, a marking
or a label carries it too.
"""

from __future__ import annotations

__all__ = [
    "GOOD_COLOR",
    "HIGHLIGHT_COLOR",
    "HOME_MARK_COLOR",
    "MAIN_COLOR",
    "MARK_COLOR",
    "OFF_GOAL_COLOR",
    "OKABE_ITO",
    "ON_GOAL_COLOR",
    "SAMPLED_COLOR",
    "SECOND_COLOR",
    "UNIFORM_COLOR",
]

#: Okabe & Ito (2008), "Color Universal Design": safe for the common colour-vision deficiencies
OKABE_ITO = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
}
MAIN_COLOR = OKABE_ITO["blue"]  #: the main series of a chart
SECOND_COLOR = OKABE_ITO["orange"]  #: a second series (on a twin axis, say)
MARK_COLOR = OKABE_ITO["vermillion"]  #: what the eye should find: the current point, a bound
GOOD_COLOR = OKABE_ITO["bluish green"]  #: the optimum, a tile at home
SAMPLED_COLOR = "#8cc6ea"  #: sampled bars (a light sky blue)
UNIFORM_COLOR = MARK_COLOR  #: the uniform level of a distribution

#: a tile already on its goal cell: a light bluish green (Okabe-Ito), and a dark corner mark
ON_GOAL_COLOR = "#80ceb9"
#: a tile somewhere else: a light orange (Okabe-Ito), no mark
OFF_GOAL_COLOR = "#f0c566"
HOME_MARK_COLOR = "#1b1b1b"  #: the corner triangle on a tile at home
HIGHLIGHT_COLOR = OKABE_ITO["vermillion"]  #: a pair or a tile the eye should find
