package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionComesFromTheBuild(t *testing.T) {
	vcs := []debug.BuildSetting{{Key: "vcs", Value: "git"},
		{Key: "vcs.revision", Value: "bd4502ef97df324babe0539f0ce1b5cf807a36cc"},
		{Key: "vcs.time", Value: "2026-12-01T09:00:20Z"}, {Key: "vcs.modified", Value: "false"}}
	cases := []struct {
		name string
		set  string
		info *debug.BuildInfo
		want string
	}{
		{"a version set at link time wins", "v1.4.0", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-x"}}, "v1.4.0"},
		{"a release names its version and commit", "v1.4.0",
			&debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201090020-bd4502ef97df"}, Settings: vcs},
			"v1.4.0 (commit bd4502ef97df, 2026-12-01T09:00:20Z)"},
		{"go install batch@v1.2.0 stamps the module version", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}}, "v1.2.0"},
		{"a build in a checkout names the commit", "",
			&debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201090020-bd4502ef97df"}, Settings: vcs},
			"v0.0.0-20261201090020-bd4502ef97df (commit bd4502ef97df, 2026-12-01T09:00:20Z)"},
		{"uncommitted changes are said", "",
			&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: append(vcs[:3:3], debug.BuildSetting{Key: "vcs.modified", Value: "true"})},
			"commit bd4502ef97df with uncommitted changes, 2026-12-01T09:00:20Z"},
		{"nothing recorded says so", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
			sourceVersion + " (source tree; this build recorded no commit, go1.26.8)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := versionFrom(tc.set, tc.info); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	if got := versionFrom("", nil); strings.Contains(got, "dev") && !strings.Contains(got, "unversioned") {
		t.Errorf("no build info: %q", got)
	}
}

// A release built where the go command records no commit (a git
// worktree) names the commit release.sh set; one the build recorded wins.
func TestAReleaseNamesItsCommit(t *testing.T) {
	info := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{{Key: "GOOS", Value: "windows"}}}
	got := versionFrom("v0.4.0", withCommit(info, "bd4502ef97df324babe0539f0ce1b5cf807a36cc", "2026-12-01T09:00:20Z", ""))
	if want := "v0.4.0 (commit bd4502ef97df, 2026-12-01T09:00:20Z)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := versionFrom("v0.4.0", withCommit(nil, "bd4502ef97df324b", "", "true")); got != "v0.4.0 (commit bd4502ef97df with uncommitted changes)" {
		t.Errorf("no build info: %q", got)
	}
	recorded := &debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef"}}}
	if got := versionFrom("v0.4.0", withCommit(recorded, "bd4502ef97df324b", "", "")); got != "v0.4.0 (commit 0123456789ab)" {
		t.Errorf("a recorded commit: %q", got)
	}
	if len(info.Settings) != 1 {
		t.Errorf("the build's own record changed: %v", info.Settings)
	}
}
