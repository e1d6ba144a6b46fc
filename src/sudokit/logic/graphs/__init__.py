"""What the techniques search, built once per board state and shared between them.
This package owns the search machinery that is not a technique of its own: the strong
links, the chain searches and their memo (:mod:`.chains`, :mod:`.x_chain_gate`,
:mod:`.dense_nodes`), the almost locked sets and their tables (:mod:`.als`,
:mod:`.als_table`, :mod:`.als_links`), the hypotheses of the forcing chains
(:mod:`.hypothesis`, with the ancestry of their deductions, :mod:`.ancestry`, what they
find, :mod:`.deduction`, the static chains inside them, :mod:`.static_links`, and the typed
searches of both on 9x9 boards, :mod:`.static9` and :mod:`.basic9`, and the singles of a
hypothesis that records ancestry, worked out inline, :mod:`.tracked`, the typed singles of a
dynamic inner sweep's assumptions, :mod:`.sweep9`, and where a sweep's branches agree,
:mod:`.agreement`) and the 64-bit helpers
(``_bits64``). It
may import the board, the step and the values under them; it imports no technique module,
and nothing above the logic.
"""
