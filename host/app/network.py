"""Where the page can be opened: this machine's network addresses and names, and the
check of each request's Host header against them.

The Host check stops DNS rebinding: a web page elsewhere whose name is made to point at
this machine would otherwise read the table (and try PINs) from a player's own browser,
which sends that page's name as the Host. An IP address typed by hand, this machine's
names, and the names given with --host-name are answered; any other name is refused.
"""

from __future__ import annotations

import contextlib
import fcntl
import socket
import struct
import time

LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})
SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address
REREAD_SECONDS = 5.0  # a name not known is looked up again at most this often (DHCP)


def network_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (not loopback), as phones open them."""
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(probe.fileno(), SIOCGIFADDR, request)
            except OSError:  # no IPv4 address on this interface
                continue
            address = socket.inet_ntoa(answer[20:24])
            if not address.startswith("127.") and address not in found:
                found.append(address)
    return found


def machine_names() -> set[str]:
    """The names this machine may be opened by: its host name, that name on the local
    network's multicast DNS (.local), and its full name."""
    name = socket.gethostname().lower()
    names = {name, f"{name.split('.')[0]}.local"}
    with contextlib.suppress(OSError):
        names.add(socket.getfqdn().lower())
    return names


def host_of(header: str) -> str:
    """The name in a Host header, without its port.

    >>> host_of("Table.Local:8080"), host_of("[::1]:8080"), host_of("192.0.2.2")
    ('table.local', '::1', '192.0.2.2')
    """
    host = header.strip().lower()
    if host.startswith("["):
        host = host[1 : host.find("]")]
    elif host.count(":") == 1:
        host = host.split(":")[0]
    return host.rstrip(".")


class HostCheck:
    """Which Host headers a server listening on `bound` answers."""

    def __init__(self, bound: str, names: list[str] | None = None) -> None:
        self.network = bound in ("0.0.0.0", "::", "")
        self.names = set(LOOPBACK) | {host_of(n) for n in names or []}
        if self.network:
            self.names |= machine_names()
        else:
            self.names.add(bound)
        self.addresses = set(network_addresses()) if self.network else set()
        self._read_at = time.monotonic()

    def allows(self, header: str | None) -> bool:
        if header is None:  # HTTP/1.0 without one: no browser, so no rebinding
            return True
        host = host_of(header)
        if host in self.names or host in self.addresses:
            return True
        if self.network and time.monotonic() - self._read_at > REREAD_SECONDS:
            self._read_at = time.monotonic()  # a new address (DHCP, a network joined)?
            self.addresses = set(network_addresses())
            return host in self.addresses
        return False
