//! The widgets several screens share: the board, the step list and status
//! bar, and the charts (axes, trace plot, distribution, anatomy).

pub(in crate::app) mod anatomy;
pub(in crate::app) mod axes;
pub(in crate::app) mod board_view;
pub(in crate::app) mod distribution;
pub(in crate::app) mod steps;
pub(in crate::app) mod trace_plot;
