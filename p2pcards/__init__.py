"""p2pcards: Russian card games played peer-to-peer with a mental-poker shuffle.

Layers (DESIGN.md): cards, games, transcript, mental_poker, table (pure); net, peer,
cli (I/O).  Nothing below imports anything above.
"""

__version__ = "0.1.0"
PROTOCOL_VERSION = 2
"""Version of the network protocol (handshake, messages, discovery); 2: Noise channels."""
