/*
 * bcryptprimitives.dll for a Wine 8 prefix, so that the Windows build of batch
 * (and its test binaries) start under Wine and meet what a Windows 10 or 11 PC
 * gives them. Built by scripts/wine/prefix.sh with Debian's mingw-w64; Wine
 * loads it for Go's runtime, which loads bcryptprimitives.dll at start.
 *
 * ProcessPrng: Go's runtime (1.24 on) cannot run without it, and Wine 8's
 * bcryptprimitives.dll lacks it. Here its bytes come from RtlGenRandom
 * (advapi32's SystemFunction036), which Wine 8 has.
 *
 * Deleting: Go's os.RemoveAll (1.26) deletes with NtSetInformationFile's
 * FileDispositionInformationEx (Windows 10 1607 on), and falls back to the
 * older FileDispositionInformation when the system answers it does not know
 * the class. Wine 8 answers STATUS_NOT_IMPLEMENTED, which Go takes for a
 * failure ("Invalid function"): every RemoveAll of a folder, t.TempDir's
 * too, failed. The answer is turned into STATUS_INVALID_INFO_CLASS, what a
 * Windows before 1607 gives, so Go takes its fallback.
 *
 * BATCH_WINE_NO_SYMLINKS=1: Wine 8's CreateSymbolicLinkW reports success and
 * makes nothing. Windows, for an account without administrator rights or
 * Developer Mode, refuses with ERROR_PRIVILEGE_NOT_HELD; with the variable
 * set, so does CreateSymbolicLinkW here. Unset, Wine's own answer stands.
 *
 * Both replacements are made in the export tables of ntdll.dll and
 * kernel32.dll, which GetProcAddress reads, before the program's own code
 * runs: Go finds these functions by GetProcAddress when first called.
 */
#include <windows.h>
#include <string.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE out, SIZE_T length)
{
	while (length > 0) {
		ULONG n = length > 0x10000000 ? 0x10000000 : (ULONG)length;
		if (!SystemFunction036(out, n))
			return FALSE;
		out += n;
		length -= n;
	}
	return TRUE;
}

#define FILE_DISPOSITION_INFORMATION_EX_CLASS 64
#define NT_STATUS_NOT_IMPLEMENTED ((LONG)0xC0000002)
#define NT_STATUS_INVALID_INFO_CLASS ((LONG)0xC0000003)

typedef LONG(NTAPI *setInformationFile)(HANDLE, PVOID, PVOID, ULONG, ULONG);
static setInformationFile wineSetInformationFile;

static LONG NTAPI setInformation(HANDLE file, PVOID status, PVOID info, ULONG length, ULONG class)
{
	LONG r = wineSetInformationFile(file, status, info, length, class);
	if (r == NT_STATUS_NOT_IMPLEMENTED && class == FILE_DISPOSITION_INFORMATION_EX_CLASS)
		r = NT_STATUS_INVALID_INFO_CLASS;
	return r;
}

static BOOLEAN WINAPI symlinkRefused(LPCWSTR link, LPCWSTR target, DWORD flags)
{
	(void)link;
	(void)target;
	(void)flags;
	SetLastError(ERROR_PRIVILEGE_NOT_HELD);
	return FALSE;
}

/*
 * jumpNear puts "mov rax, to; jmp rax" in executable memory less than 4 GB
 * above base (an export table holds 32-bit offsets from its module's base).
 */
static BYTE *jumpNear(BYTE *base, DWORD size, void *to)
{
	static const BYTE code[12] = {0x48, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xe0};
	SYSTEM_INFO si;
	GetSystemInfo(&si);
	ULONG_PTR step = si.dwAllocationGranularity;
	ULONG_PTR from = ((ULONG_PTR)base + size + step - 1) & ~(step - 1);
	for (ULONG_PTR a = from; a < (ULONG_PTR)base + 0xf0000000u; a += step) {
		BYTE *p = VirtualAlloc((void *)a, sizeof code, MEM_RESERVE | MEM_COMMIT, PAGE_EXECUTE_READWRITE);
		if (p == NULL)
			continue;
		memcpy(p, code, sizeof code);
		memcpy(p + 2, &to, sizeof to);
		FlushInstructionCache(GetCurrentProcess(), p, sizeof code);
		return p;
	}
	return NULL;
}

/* redirect makes dll's export name lead to to; it returns what it led to. */
static void *redirect(const wchar_t *dll, const char *name, void *to)
{
	BYTE *base = (BYTE *)GetModuleHandleW(dll);
	if (base == NULL)
		return NULL;
	IMAGE_NT_HEADERS *nt = (IMAGE_NT_HEADERS *)(base + ((IMAGE_DOS_HEADER *)base)->e_lfanew);
	IMAGE_DATA_DIRECTORY dir = nt->OptionalHeader.DataDirectory[IMAGE_DIRECTORY_ENTRY_EXPORT];
	IMAGE_EXPORT_DIRECTORY *exports = (IMAGE_EXPORT_DIRECTORY *)(base + dir.VirtualAddress);
	DWORD *names = (DWORD *)(base + exports->AddressOfNames);
	WORD *ordinals = (WORD *)(base + exports->AddressOfNameOrdinals);
	DWORD *functions = (DWORD *)(base + exports->AddressOfFunctions);
	for (DWORD i = 0; i < exports->NumberOfNames; i++) {
		if (strcmp((const char *)(base + names[i]), name) != 0)
			continue;
		DWORD *slot = &functions[ordinals[i]];
		void *was = (void *)GetProcAddress((HMODULE)base, name);
		BYTE *jump = jumpNear(base, nt->OptionalHeader.SizeOfImage, to);
		DWORD protect;
		if (was == NULL || jump == NULL || !VirtualProtect(slot, sizeof *slot, PAGE_READWRITE, &protect))
			return NULL;
		*slot = (DWORD)(jump - base);
		VirtualProtect(slot, sizeof *slot, protect, &protect);
		return was;
	}
	return NULL;
}

BOOL WINAPI DllMain(HINSTANCE self, DWORD reason, LPVOID reserved)
{
	wchar_t v[4];
	(void)self;
	(void)reserved;
	if (reason != DLL_PROCESS_ATTACH)
		return TRUE;
	wineSetInformationFile = (setInformationFile)redirect(L"ntdll.dll", "NtSetInformationFile", (void *)setInformation);
	if (GetEnvironmentVariableW(L"BATCH_WINE_NO_SYMLINKS", v, 4) == 1 && v[0] == L'1')
		redirect(L"kernel32.dll", "CreateSymbolicLinkW", (void *)symlinkRefused);
	return TRUE;
}
