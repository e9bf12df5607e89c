SHELL := /bin/bash
PACKAGES := libncursesw5-dev libpulse-dev libfftw3-dev pulseaudio
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
ARGS ?=

.PHONY: all deps build run test bench record-snapshots clean

all: build

# Installs only the Debian packages that are missing, so a ready machine never calls apt.
deps:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' "$$p" 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends $$missing; \
	fi

build: deps
	swift build --product woodshed

run: build
	./.build/debug/woodshed $(ARGS)

test: deps
	swift build --build-tests
	Tests/with-pulseaudio.sh swift test --skip-build --disable-swift-testing

record-snapshots: deps
	swift build --build-tests
	-RECORD_SNAPSHOTS=1 Tests/with-pulseaudio.sh swift test --skip-build --disable-swift-testing

bench: deps
	swift build -c release --product woodshed
	swift build -c release --product woodshed-bench
	Tests/with-pulseaudio.sh ./.build/release/woodshed-bench --woodshed ./.build/release/woodshed

clean:
	rm -rf .build
