"""Exit 0 when the named local service answers: ``python scripts/service_up.py postgres|redis``."""

import socket
import sys

PORTS = {"postgres": 5432, "redis": 6379, "rabbitmq": 5672}


def is_up(name: str) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", PORTS[name]), timeout=2):
            return True
    except OSError:
        return False


if __name__ == "__main__":
    sys.exit(0 if is_up(sys.argv[1]) else 1)
