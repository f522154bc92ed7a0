"""p2pcards: Russian card games played peer-to-peer with a mental-poker shuffle.

Layers (DESIGN.md): cards, games, transcript, mental_poker, table (pure); net, peer,
cli (I/O).  Nothing below imports anything above.
"""

__version__ = "0.1.0"
PROTOCOL_VERSION = 5
"""Version of the p2pcards protocol as a whole, the one source for every layer that
carries it: the network handshake and discovery, every transcript entry and the genesis.
2: Noise channels; 3: the table on mental poker version 2 (every step proven; entry kinds
of protocol/table.md); 4: claims proven with inequality leaves; 5: the entry after a
round names the round link of all its contributions (protocol/transcript.md §4), and the
batched Chaum–Pedersen weights' seed hashes every pair (protocol/mental_poker_v2.md §6).
Peers and logs of another version are refused.  (The mental-poker hash domain has its own
version, :data:`p2pcards.mental_poker.MENTAL_POKER_VERSION`.)"""
