//===- LanesFrontend.cpp - The clang front-end plugin ---------------------===//
//
/// \file
/// LanesFrontend.so, loaded by `clang++ -fplugin=` (the lanes++ driver does
/// it): honours `[[sycl::reqd_sub_group_size(N)]]` and DPC++'s older
/// spelling `[[intel::reqd_sub_group_size(N)]]`.
///
/// Every kernel of a translation unit has one sub-group size, the value of
/// `LANES_SUB_GROUP_SIZE` (docs/sub-groups.md), and it is the one size
/// `info::device::sub_group_sizes` lists. So the attribute holds as written
/// when N is that size, and any other N is a compile error that says how to
/// choose N instead.
///
/// Clang 19 hands plugins declaration and statement attributes only, and
/// the spec's lambda form, `[=](nd_item<1> It) [[sycl::reqd_sub_group_size(8)]]
/// {...}`, puts the attribute where it belongs to the call operator's type.
/// So the plugin reads the attribute from the tokens the parser consumes,
/// in every position. For each one it silences clang's "unknown attribute
/// ignored" warning over the attribute's source range, as `#pragma clang
/// diagnostic` would, and it checks N once the translation unit is parsed.
/// N is read when it is an integer literal, written or from a macro; any
/// other argument is a warning that says the size was not checked.
//
//===----------------------------------------------------------------------===//
#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/LiteralSupport.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallString.h"

#include <optional>

using namespace clang;

namespace {

/// One `[[sycl::reqd_sub_group_size(...)]]` as the tokens spell it.
struct SubGroupSizeAttribute {
  SourceLocation Loc;           ///< where it starts (its scope)
  std::string Argument;         ///< its argument, as written
  std::optional<uint64_t> Size; ///< the argument's value, if a literal
};

/// The value of \p Tok if it is an integer literal.
std::optional<uint64_t> integerLiteral(Preprocessor &PP, const Token &Tok) {
  if (Tok.isNot(tok::numeric_constant))
    return std::nullopt;
  SmallString<16> Buffer;
  bool Invalid = false;
  StringRef Spelling = PP.getSpelling(Tok, Buffer, &Invalid);
  if (Invalid)
    return std::nullopt;
  NumericLiteralParser Literal(Spelling, Tok.getLocation(),
                               PP.getSourceManager(), PP.getLangOpts(),
                               PP.getTargetInfo(), PP.getDiagnostics());
  llvm::APInt Value(64, 0);
  if (Literal.hadError || !Literal.isIntegerLiteral() ||
      Literal.GetIntegerValue(Value))
    return std::nullopt;
  return Value.getZExtValue();
}

/// Reads each reqd_sub_group_size attribute from the token stream and keeps
/// clang's unknown-attribute warning quiet over it.
class SubGroupSizeReader {
public:
  explicit SubGroupSizeReader(Preprocessor &PP)
      : PP(PP), SM(PP.getSourceManager()), Diags(PP.getDiagnostics()),
        Name(PP.getIdentifierInfo("reqd_sub_group_size")),
        SyclScope(PP.getIdentifierInfo("sycl")),
        IntelScope(PP.getIdentifierInfo("intel")) {}

  /// Called with every token the parser consumes, in order.
  void see(const Token &Tok);

  const std::vector<SubGroupSizeAttribute> &attributes() const {
    return Attributes;
  }

private:
  /// Where the reader is in `[[ scope :: name ( argument ) ]]`.
  enum class Step {
    Outside,
    InBrackets,
    Scope,
    ScopeColons,
    AttrName,
    Argument
  };

  void silenceWarning();
  void restoreWarning(SourceLocation At);
  void finishAttribute();

  Preprocessor &PP;
  SourceManager &SM;
  DiagnosticsEngine &Diags;
  const IdentifierInfo *Name, *SyclScope, *IntelScope;

  Step At = Step::Outside;
  tok::TokenKind Previous = tok::unknown;
  Token ScopeTok;
  SmallVector<Token, 4> ArgumentToks;
  unsigned ParenDepth = 0;
  bool Quiet = false;         ///< the warning is silenced from ScopeTok on
  bool RestoreAtNext = false; ///< restore it at the next token
  SourceLocation LastRestore; ///< where the last silenced range ended
  std::vector<SubGroupSizeAttribute> Attributes;
};

void SubGroupSizeReader::see(const Token &Tok) {
  tok::TokenKind Before = Previous;
  Previous = Tok.getKind();
  if (RestoreAtNext) {
    RestoreAtNext = false;
    restoreWarning(Tok.getLocation());
  }
  // `[[` and `]]` open and close an attribute list, wherever they appear.
  if (At == Step::Outside) {
    if (Tok.is(tok::l_square) && Before == tok::l_square)
      At = Step::InBrackets;
    return;
  }
  if (Tok.is(tok::r_square) && Before == tok::r_square &&
      At != Step::Argument) {
    At = Step::Outside;
    return;
  }
  switch (At) {
  case Step::Outside:
  case Step::InBrackets:
    if (Tok.is(tok::identifier) && (Tok.getIdentifierInfo() == SyclScope ||
                                    Tok.getIdentifierInfo() == IntelScope)) {
      ScopeTok = Tok;
      At = Step::Scope;
    }
    return;
  case Step::Scope:
    At = Tok.is(tok::coloncolon) ? Step::ScopeColons : Step::InBrackets;
    return;
  case Step::ScopeColons:
    At = Tok.is(tok::identifier) && Tok.getIdentifierInfo() == Name
             ? Step::AttrName
             : Step::InBrackets;
    if (At == Step::AttrName) {
      ArgumentToks.clear();
      silenceWarning();
    }
    return;
  case Step::AttrName:
    if (Tok.is(tok::l_paren)) {
      At = Step::Argument;
      ParenDepth = 1;
      return;
    }
    finishAttribute();
    restoreWarning(Tok.getLocation());
    At = Step::InBrackets;
    return;
  case Step::Argument:
    if (Tok.is(tok::l_paren))
      ++ParenDepth;
    if (Tok.is(tok::r_paren) && --ParenDepth == 0) {
      finishAttribute();
      RestoreAtNext = true;
      At = Step::InBrackets;
      return;
    }
    ArgumentToks.push_back(Tok);
    return;
  }
}

/// The attribute's name has just been read: silence clang's warning from
/// the scope on, until the token after the attribute. The locations are the
/// tokens' own, so that an attribute from a macro is silenced inside that
/// macro's expansion. Silenced ranges must come in source order; an
/// attribute that does not (several from one macro) keeps its warning.
void SubGroupSizeReader::silenceWarning() {
  SourceLocation From = ScopeTok.getLocation();
  Quiet = LastRestore.isInvalid() ||
          SM.isBeforeInTranslationUnit(LastRestore, From);
  if (!Quiet)
    return;
  Diags.pushMappings(From);
  Diags.setSeverity(diag::warn_unknown_attribute_ignored,
                    diag::Severity::Ignored, From);
}

void SubGroupSizeReader::restoreWarning(SourceLocation At) {
  if (!Quiet)
    return;
  Quiet = false;
  LastRestore = At;
  Diags.popMappings(At);
}

void SubGroupSizeReader::finishAttribute() {
  SubGroupSizeAttribute Attr;
  Attr.Loc = ScopeTok.getLocation();
  for (const Token &Tok : ArgumentToks) {
    if (!Attr.Argument.empty() && Tok.hasLeadingSpace())
      Attr.Argument += ' ';
    Attr.Argument += PP.getSpelling(Tok);
  }
  if (ArgumentToks.size() == 1)
    Attr.Size = integerLiteral(PP, ArgumentToks.front());
  Attributes.push_back(std::move(Attr));
}

/// The value of `LANES_SUB_GROUP_SIZE` at the end of the translation unit,
/// if the SYCL headers (or the user) defined it as an integer literal.
std::optional<uint64_t> translationUnitSubGroupSize(Preprocessor &PP) {
  const MacroInfo *Macro =
      PP.getMacroInfo(PP.getIdentifierInfo("LANES_SUB_GROUP_SIZE"));
  if (!Macro || Macro->getNumTokens() != 1)
    return std::nullopt;
  return integerLiteral(PP, Macro->getReplacementToken(0));
}

/// Checks every attribute the reader found against the translation unit's
/// sub-group size.
class SubGroupSizeChecker : public ASTConsumer {
public:
  explicit SubGroupSizeChecker(Preprocessor &PP) : PP(PP), Reader(PP) {
    PP.setTokenWatcher([this](const Token &Tok) { Reader.see(Tok); });
  }

  void HandleTranslationUnit(ASTContext &) override;

private:
  Preprocessor &PP;
  SubGroupSizeReader Reader;
};

void SubGroupSizeChecker::HandleTranslationUnit(ASTContext &) {
  if (Reader.attributes().empty())
    return;
  DiagnosticsEngine &Diags = PP.getDiagnostics();
  std::optional<uint64_t> Size = translationUnitSubGroupSize(PP);
  if (!Size) {
    unsigned ID = Diags.getCustomDiagID(
        DiagnosticsEngine::Warning,
        "reqd_sub_group_size ignored: no SYCL header defines "
        "LANES_SUB_GROUP_SIZE in this translation unit");
    for (const SubGroupSizeAttribute &Attr : Reader.attributes())
      Diags.Report(Attr.Loc, ID);
    return;
  }
  unsigned Unread = Diags.getCustomDiagID(
      DiagnosticsEngine::Warning,
      "lanes++ cannot check reqd_sub_group_size(%0): it reads an integer "
      "literal, written or from a macro; the kernels of this translation "
      "unit have sub-group size %1");
  unsigned Choosable = Diags.getCustomDiagID(
      DiagnosticsEngine::Error,
      "reqd_sub_group_size(%0): this translation unit's kernels have "
      "sub-group size %1, the one size the device lists; compile it with "
      "-DLANES_SUB_GROUP_SIZE=%0 to give them %0");
  unsigned Impossible = Diags.getCustomDiagID(
      DiagnosticsEngine::Error,
      "reqd_sub_group_size(%0): this translation unit's kernels have "
      "sub-group size %1, the one size the device lists; Lanes' sub-group "
      "sizes are the powers of two from 1 to 64, one per translation unit "
      "(-DLANES_SUB_GROUP_SIZE)");
  for (const SubGroupSizeAttribute &Attr : Reader.attributes()) {
    if (!Attr.Size) {
      Diags.Report(Attr.Loc, Unread) << Attr.Argument << *Size;
      continue;
    }
    if (*Attr.Size == *Size)
      continue;
    bool CanChoose =
        *Attr.Size >= 1 && *Attr.Size <= 64 && llvm::isPowerOf2_64(*Attr.Size);
    Diags.Report(Attr.Loc, CanChoose ? Choosable : Impossible)
        << Attr.Argument << *Size;
  }
}

class LanesFrontendAction : public PluginASTAction {
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    return std::make_unique<SubGroupSizeChecker>(CI.getPreprocessor());
  }
  bool ParseArgs(const CompilerInstance &,
                 const std::vector<std::string> &) override {
    return true;
  }
  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

static FrontendPluginRegistry::Add<LanesFrontendAction>
    X("lanes-frontend", "Lanes: checks reqd_sub_group_size");
