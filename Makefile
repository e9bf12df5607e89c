SHELL := /bin/bash
# The ear questions play on a SoundFont piano: FluidSynth's library, opened when a question is
# rendered (no -dev package: nothing links it), and Debian's small General MIDI SoundFont.
# A recorder's timecode is read from audio by libltc (libltc-dev).
PACKAGES := libncursesw5-dev libpulse-dev libfftw3-dev zlib1g-dev libasound2-dev pulseaudio \
  libfluidsynth3 timgm6mb-soundfont libltc-dev
# The listening benchmarks render instruments with fluidsynth from soundfonts (tuned on TimGM6mb
# and on the FluidR3 GM instruments whose recordings MuseScore General does not share, MuseScore
# General held out) and with timidity from freepats (held out), play recorded drum kits, and
# compare onsets against aubio and librosa (PyPI). The slow tests render a freepats note too, and
# read Broadcast WAV files written by libsndfile's sndfile-metadata-set (sndfile-programs), and
# generate a Spanish locale of their own with localedef to see libc speak Spanish (locales,
# libc-l10n). The server's tests run it on a private PostgreSQL cluster too
# (Tests/with-postgresql.sh). The SSH tests log in through a private sshd on the loopback; the
# screen-reader test reads the cursor's place from tmux. The practice-room box is tried with
# PipeWire's PulseAudio service too (Tests/with-pipewire.sh: pipewire, WirePlumber on a bus of
# its own, pipewire-pulse). The printed pattern charts are drawn by rsvg-convert (librsvg2-bin)
# and compared with their recorded pictures. The protocol's cues to a DAW are received by
# liblo's oscdump (liblo-tools).
TEST_PACKAGES := timidity freepats sndfile-programs locales libc-l10n postgresql tmux \
  openssh-server openssh-client pipewire pipewire-pulse wireplumber dbus lmms-common sox \
  librsvg2-bin liblo-tools
BENCH_PACKAGES := aubio-tools fluidsynth timgm6mb-soundfont fluid-soundfont-gm \
  musescore-general-soundfont hydrogen-drumkits $(TEST_PACKAGES)
BENCH_PYTHON := librosa
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
ARGS ?=
# woodshed-server-bench's options, such as --accounts 20.
SERVER_BENCH_ARGS ?=
space := $(subst ,, )

.PHONY: all deps test-deps bench-deps build run check test bench record-snapshots openapi clean

all: build

# Installs only the Debian packages that are missing, so a ready machine never calls apt.
# Python packages only for the bench, and only when python3 cannot import them; without pip the
# bench still runs and leaves them out.
deps test-deps bench-deps: WANTED = $(PACKAGES)
test-deps: WANTED = $(PACKAGES) $(TEST_PACKAGES)
bench-deps: WANTED = $(PACKAGES) $(BENCH_PACKAGES)
bench-deps: PYTHON_WANTED = $(BENCH_PYTHON)
deps test-deps bench-deps:
	@missing=""; for p in $(WANTED); do \
	  dpkg-query -W -f='$${Status}' "$$p" 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends $$missing; \
	fi
	@for p in $(PYTHON_WANTED); do \
	  python3 -c "import $$p" 2>/dev/null && continue; \
	  echo "Installing $$p with pip"; \
	  python3 -m pip install --quiet "$$p" || echo "pip could not install $$p: the bench leaves it out"; \
	done

build: deps
	swift build --product woodshed
	swift build --product woodshed-net

run: build
	./.build/debug/woodshed $(ARGS)

# The fast tier (under 30 s after a build): the code's format against .swift-format, then every
# test but those that need the audio server, the built binary on a pseudo-terminal, the whole
# loop in real time (AppRuntimeTests), the listening evaluation, a fuzzer's fixed time, the
# built woodshed-net serving on loopback or the pitch detector hearing minutes of rendered ear
# questions (EarAudioPitchTests).
CHECK_SKIP := WoodshedTests\.|AppRuntimeTests|PulseAudio|NotePlayerTests|Fuzz|OnsetEvaluationTests|\
  PitchAccuracyTests|PitchRecordedLikeTests|OnsetUnderRingingTests|OnsetSoftAttackTests|\
  OnsetBleedTests|OnsetDetectorTests|InstrumentProfileTests|FreepatsRenderTests|OnsetVibratoTests|\
  BroadcastWAVLibsndfileTests|OnsetForeignClickTests|ServerSQLiteTests|ServerPostgreSQLTests|\
  NetPassThroughTests|EarAudioPitchTests

check: deps
	swift format lint --strict --recursive Sources Tests Package.swift
	swift build --build-tests
	swift test --skip-build --disable-swift-testing --skip '$(subst $(space),,$(CHECK_SKIP))'

test: test-deps
	swift build --build-tests
	Tests/with-failure-summary.sh Tests/with-pulseaudio.sh Tests/with-postgresql.sh \
	  swift test --skip-build --disable-swift-testing

record-snapshots: test-deps
	swift build --build-tests
	-RECORD_SNAPSHOTS=1 Tests/with-pulseaudio.sh Tests/with-postgresql.sh swift test --skip-build \
	  --disable-swift-testing

bench: bench-deps
	swift build -c release --product woodshed
	swift build -c release --product woodshed-bench
	Tests/with-pulseaudio.sh ./.build/release/woodshed-bench --woodshed ./.build/release/woodshed
	swift build -c release --product woodshed-net
	swift build -c release --product woodshed-server-bench
	Tests/with-postgresql.sh ./.build/release/woodshed-server-bench \
	  --woodshed-net ./.build/release/woodshed-net $(SERVER_BENCH_ARGS)

# Sources/NetAPI/openapi.yaml is the API's source; the Swift files under Sources/NetAPI/Generated
# are made from it here and committed, so CI never builds the generator. It builds in its own
# scratch folder, apart from the project's packages.
OPENAPI_GENERATOR_VERSION := 1.14.3
OPENAPI_SCRATCH := .build-openapi
openapi:
	@[ -d $(OPENAPI_SCRATCH)/generator ] || git clone --quiet --depth 1 --branch \
	  $(OPENAPI_GENERATOR_VERSION) https://github.com/apple/swift-openapi-generator \
	  $(OPENAPI_SCRATCH)/generator
	swift build --package-path $(OPENAPI_SCRATCH)/generator \
	  --scratch-path $(OPENAPI_SCRATCH)/build --product swift-openapi-generator
	$(OPENAPI_SCRATCH)/build/debug/swift-openapi-generator generate \
	  --config Sources/NetAPI/openapi-generator-config.yaml \
	  --output-directory Sources/NetAPI/Generated Sources/NetAPI/openapi.yaml
	@# Generated code is kept as the generator writes it, so the lint passes over it.
	for f in Sources/NetAPI/Generated/*.swift; do sed -i '1i // swift-format-ignore-file' "$$f"; done

clean:
	rm -rf .build .build-openapi
