package ingest

import (
	"testing"

	"batch/pkg/compute"
)

func TestOfficeClass(t *testing.T) {
	tests := []struct {
		office, county string
		want           compute.OfficeClass
	}{
		{"Governor", "", compute.Governor},
		{"Lieutenant Governor", "", compute.LieutenantGovernor},
		{"Lt. Governor", "", compute.LieutenantGovernor},
		{"U.S. Senator", "", compute.USSenator},
		{"United States Senator", "", compute.USSenator},
		{"U.S. Rep.", "", compute.USRepresentative},
		{"Representative in Congress", "", compute.USRepresentative},
		{"Member of Congress, 21st District", "", compute.USRepresentative},
		{"NYS Senator", "", compute.StateSenator},
		{"State Senator", "", compute.StateSenator},
		{"Member of Assembly", "", compute.MemberOfAssembly},
		{"Assemblymember", "", compute.MemberOfAssembly},
		{"Assemblymember (AD 65)", "", compute.MemberOfAssembly},
		{"Assembly Member", "", compute.MemberOfAssembly},
		{"Supreme Court Justice", "", compute.SupremeCourtJustice},
		{"Justice of the Supreme Court, 3rd JD", "", compute.SupremeCourtJustice},
		{"County Court Judge", "Erie", compute.CountyLevelJudge},
		{"Surrogate", "Erie", compute.CountyLevelJudge},
		{"Surrogate's Court Judge", "Monroe", compute.CountyLevelJudge},
		{"Family Court Judge", "Albany", compute.CountyLevelJudge},
		{"Family Court Judge in the city", "Kings", compute.OtherOffice},
		{"Surrogate", "New York", compute.OtherOffice},
		{"NYC Family Court Judge", "", compute.OtherOffice},
		{"Senator", "", compute.OtherOffice},
		{"Town Supervisor", "", compute.OtherOffice},
		// Issue 34: the offices other laws govern have classes of their own.
		{"County Clerk", "", compute.County},
		{"Village Justice", "", compute.Village},
		{"", "", compute.OtherOffice},
	}
	for _, tc := range tests {
		t.Run(tc.office+" in "+tc.county, func(t *testing.T) {
			if got := officeClass(tc.office, "", tc.county); got != tc.want {
				t.Fatalf("officeClass(%q, %q) = %s, want %s", tc.office, tc.county, got, tc.want)
			}
		})
	}
}

func TestParseClass(t *testing.T) {
	for _, c := range compute.OfficeClasses {
		if got, ok := parseClass(string(c)); !ok || got != c {
			t.Errorf("parseClass(%q) = %q, %v", c, got, ok)
		}
	}
	for in, want := range map[string]compute.OfficeClass{"Member of Assembly": compute.MemberOfAssembly, "US_SENATOR": compute.USSenator, "county-level judge": compute.CountyLevelJudge} {
		if got, ok := parseClass(in); !ok || got != want {
			t.Errorf("parseClass(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	if _, ok := parseClass("mayor"); ok {
		t.Error(`parseClass("mayor") accepted`)
	}
}

func TestParseCause(t *testing.T) {
	tests := []struct {
		in   string
		want compute.Cause
	}{
		{"died", compute.Death}, {"Deceased", compute.Death}, {"DEATH", compute.Death},
		{"resigned", compute.Resignation}, {"Resignation", compute.Resignation},
		{"moved out of district", compute.Nonresidence}, {"removed", compute.Removal},
		{"convicted", compute.Conviction}, {"failed to file oath", compute.OathNotFiled},
		{"Oath Not Filed", compute.OathNotFiled}, {"term expired", compute.TermExpiration},
		{"term_expiration", compute.TermExpiration}, {"judgment void", compute.JudgmentVoid},
		{"tie vote", compute.BoardTie}, {"death before term", compute.DeathBeforeTerm},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			if got, ok := parseCause(tc.in); !ok || got != tc.want {
				t.Fatalf("parseCause(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
			}
		})
	}
	for _, c := range compute.Causes {
		if got, ok := parseCause(string(c)); !ok || got != c {
			t.Errorf("the code %q is not read as itself", c)
		}
	}
	if _, ok := parseCause("fell asleep"); ok {
		t.Error("parseCause accepted nonsense")
	}
}

// TestUnknownCauseMessage: a cause the tool does not know is a sentence
// whatever comes after it: the nearest code as a question, else straight
// on to what to give ("… the tool knows Give a cause code" ran two
// sentences together when no code was near).
func TestUnknownCauseMessage(t *testing.T) {
	give := `a cause code such as death or resignation, or words such as "died", "resigned", "moved out of district" (the Column guide and batch template list all 14 codes)`
	cases := []struct{ name, cause, want string }{
		{"no code near: what to give", "appointed to another office",
			`"appointed to another office" is not a cause the tool knows: give ` + give},
		{"no code near, a word alone", "TBD", `"TBD" is not a cause the tool knows: give ` + give},
		{"a code near: did you mean", "resignaton", `"resignaton" is not a cause the tool knows: did you mean resignation? Give ` + give},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := unknownCauseMessage(tc.cause); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestParseYesNo(t *testing.T) {
	for in, want := range map[string]compute.YesNo{"yes": compute.Yes, "Y": compute.Yes, "TRUE": compute.Yes, "1": compute.Yes,
		"no": compute.No, "n": compute.No, "False": compute.No, "0": compute.No} {
		if got, ok := parseYesNo(in); !ok || got != want {
			t.Errorf("parseYesNo(%q) = %v, %v", in, got, ok)
		}
	}
	if _, ok := parseYesNo("maybe"); ok {
		t.Error("maybe accepted")
	}
}

func TestCounties(t *testing.T) {
	if len(compute.Counties) != 62 {
		t.Fatalf("%d counties, New York has 62", len(compute.Counties))
	}
	v := newVocab()
	tests := []struct{ in, name, suggestion string }{
		{"Albany", "Albany", ""},
		{"albany county", "Albany", ""},
		{"ST. LAWRENCE", "St. Lawrence", ""},
		{"Saint Lawrence County", "St. Lawrence", ""},
		{"St Lawrence", "St. Lawrence", ""},
		{"New York County", "New York", ""},
		{"Brooklyn", "Kings", ""},
		{"Schenectedy", "", "Schenectady"},
		{"Onandaga", "", "Onondaga"},
		{"Westchster County", "", "Westchester"},
		{"Kent", "", ""},
		{"Springfield", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			name, ok, sug := v.parseCounty(tc.in)
			if name != tc.name || ok != (tc.name != "") || sug != tc.suggestion {
				t.Fatalf("parseCounty(%q) = %q, %v, %q; want %q, suggestion %q", tc.in, name, ok, sug, tc.name, tc.suggestion)
			}
		})
	}
}

func TestMatchHeader(t *testing.T) {
	tests := []struct {
		in   string
		want field
	}{
		{"vacancy_id", fVacancyID}, {"ID", fVacancyID}, {"Ref.", fVacancyID},
		{"Office", fOffice}, {"Office Title", fOffice}, {"POSITION", fOffice},
		{"office_class", fClass}, {"Class", fClass}, {"Office Class", fClass},
		{"Cause", fCause}, {"Reason", fCause}, {"event", fCause},
		{"Event Date", fEventDate}, {"date", fEventDate}, {"Date of Event", fEventDate}, {"EVENT-DATE", fEventDate},
		{"Term Start", fTermStart}, {"term_end", fTermEnd}, {"May be appointed?", fAppointable},
		{"Next Full-Term Year", fNextFullTermYear}, {" notes ", fNotes}, {"Analyst", fExtra}, {"", fExtra},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			if got := matchHeader(tc.in); got != tc.want {
				t.Fatalf("matchHeader(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}
