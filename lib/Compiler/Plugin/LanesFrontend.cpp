//===- LanesFrontend.cpp - The clang front-end plugin ---------------------===//
//
/// \file
/// LanesFrontend.so, loaded by `clang++ -fplugin=` (the lanes++ driver does
/// it): honours two SYCL kernel attributes that clang does not know,
/// `[[sycl::reqd_sub_group_size(N)]]` (also DPC++'s older spelling
/// `[[intel::reqd_sub_group_size(N)]]`) and
/// `[[sycl::reqd_work_group_size(...)]]`; and rejects a kernel name given
/// to two different kernels (checkKernelNames).
///
/// Every kernel of a translation unit has one sub-group size, the value of
/// `LANES_SUB_GROUP_SIZE` (docs/sub-groups.md), and it is the one size
/// `info::device::sub_group_sizes` lists. So reqd_sub_group_size holds as
/// written when N is that size, and any other N is a compile error that
/// says how to choose N instead.
///
/// Each attribute that holds is recorded on the call operator it belongs
/// to (docs/ir-contract.md): reqd_work_group_size as
/// `annotate("lanes.reqd_local_size=X[,Y[,Z]]")` (dimension 0, the SYCL
/// range's last, first), reqd_sub_group_size as
/// `annotate("lanes.reqd_sub_group_size=N")`. The kernel pipeline then
/// gives it to every kernel entry that calls the operator: the SYCL
/// headers launch such a kernel with the work-group size or throw, and
/// answer `info::kernel_device_specific::compile_sub_group_size` with N.
///
/// Clang 19 hands plugins declaration and statement attributes only, and
/// the spec's lambda form, `[=](nd_item<1> It) [[sycl::reqd_sub_group_size(8)]]
/// {...}`, puts the attribute where it belongs to the call operator's type.
/// So the plugin reads the attributes from the tokens the parser consumes,
/// in every position. For each one it silences clang's "unknown attribute
/// ignored" warning over the attribute's source range, as `#pragma clang
/// diagnostic` would, and it acts on it once the translation unit is
/// parsed (before code generation, which emits the call operators there).
/// Sizes are read when they are integer literals, written or from a macro;
/// any other argument is a warning that says the attribute was not
/// honoured.
//
//===----------------------------------------------------------------------===//
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/LiteralSupport.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"

#include <optional>

using namespace clang;

namespace {

/// One `[[sycl::reqd_sub_group_size(...)]]` or
/// `[[sycl::reqd_work_group_size(...)]]` as the tokens spell it.
struct SizeAttribute {
  bool WorkGroup = false; ///< reqd_work_group_size, else reqd_sub_group_size
  SourceLocation Loc;     ///< where it starts (its scope)
  SourceLocation After;   ///< the first token after its list's `]]`
  std::string Argument;   ///< its arguments, as written
  /// Each argument's value, if it is an integer literal.
  SmallVector<std::optional<uint64_t>, 3> Sizes;
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

/// Reads each size attribute from the token stream and keeps clang's
/// unknown-attribute warning quiet over it.
class SizeAttributeReader {
public:
  explicit SizeAttributeReader(Preprocessor &PP)
      : PP(PP), SM(PP.getSourceManager()), Diags(PP.getDiagnostics()),
        SubGroupName(PP.getIdentifierInfo("reqd_sub_group_size")),
        WorkGroupName(PP.getIdentifierInfo("reqd_work_group_size")),
        SyclScope(PP.getIdentifierInfo("sycl")),
        IntelScope(PP.getIdentifierInfo("intel")) {}

  /// Called with every token the parser consumes, in order.
  void see(const Token &Tok);

  const std::vector<SizeAttribute> &attributes() const { return Attributes; }

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
  const IdentifierInfo *SubGroupName, *WorkGroupName, *SyclScope, *IntelScope;

  Step At = Step::Outside;
  tok::TokenKind Previous = tok::unknown;
  Token ScopeTok;
  bool WorkGroup = false; ///< the attribute being read is reqd_work_group_size
  SmallVector<Token, 4> ArgumentToks;
  unsigned ParenDepth = 0;
  bool Quiet = false;         ///< the warning is silenced from ScopeTok on
  bool RestoreAtNext = false; ///< restore it at the next token
  SourceLocation LastRestore; ///< where the last silenced range ended
  size_t ListStart = 0;       ///< the first attribute of the lists in a row
  bool ListClosed = false;    ///< no token but `[` has followed a `]]` yet
  std::vector<SizeAttribute> Attributes;
};

void SizeAttributeReader::see(const Token &Tok) {
  tok::TokenKind Before = Previous;
  Previous = Tok.getKind();
  if (RestoreAtNext) {
    RestoreAtNext = false;
    restoreWarning(Tok.getLocation());
  }
  // The lists in a row before a declaration all end where it begins.
  if (ListClosed && At == Step::Outside && Tok.isNot(tok::l_square)) {
    ListClosed = false;
    for (size_t I = ListStart; I < Attributes.size(); ++I)
      Attributes[I].After = Tok.getLocation();
  }
  // `[[` and `]]` open and close an attribute list, wherever they appear.
  if (At == Step::Outside) {
    if (Tok.is(tok::l_square) && Before == tok::l_square) {
      At = Step::InBrackets;
      if (!ListClosed)
        ListStart = Attributes.size();
    }
    return;
  }
  if (Tok.is(tok::r_square) && Before == tok::r_square &&
      At != Step::Argument) {
    At = Step::Outside;
    ListClosed = true;
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
  case Step::ScopeColons: {
    const IdentifierInfo *Name =
        Tok.is(tok::identifier) ? Tok.getIdentifierInfo() : nullptr;
    // DPC++'s intel:: scope spells the sub-group attribute only.
    WorkGroup =
        Name == WorkGroupName && ScopeTok.getIdentifierInfo() == SyclScope;
    At = Name == SubGroupName || WorkGroup ? Step::AttrName : Step::InBrackets;
    if (At == Step::AttrName) {
      ArgumentToks.clear();
      silenceWarning();
    }
    return;
  }
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
void SizeAttributeReader::silenceWarning() {
  SourceLocation From = ScopeTok.getLocation();
  Quiet = LastRestore.isInvalid() ||
          SM.isBeforeInTranslationUnit(LastRestore, From);
  if (!Quiet)
    return;
  Diags.pushMappings(From);
  Diags.setSeverity(diag::warn_unknown_attribute_ignored,
                    diag::Severity::Ignored, From);
}

void SizeAttributeReader::restoreWarning(SourceLocation At) {
  if (!Quiet)
    return;
  Quiet = false;
  LastRestore = At;
  Diags.popMappings(At);
}

/// Records the attribute just read, its arguments split at the commas
/// outside parentheses; an argument of one integer literal has a value.
void SizeAttributeReader::finishAttribute() {
  SizeAttribute Attr;
  Attr.WorkGroup = WorkGroup;
  Attr.Loc = ScopeTok.getLocation();
  SmallVector<Token, 2> Piece;
  auto EndPiece = [&] {
    Attr.Sizes.push_back(Piece.size() == 1 ? integerLiteral(PP, Piece.front())
                                           : std::nullopt);
    Piece.clear();
  };
  unsigned Depth = 0;
  for (const Token &Tok : ArgumentToks) {
    if (!Attr.Argument.empty() && Tok.hasLeadingSpace())
      Attr.Argument += ' ';
    Attr.Argument += PP.getSpelling(Tok);
    Depth += Tok.is(tok::l_paren);
    Depth -= Tok.is(tok::r_paren) && Depth;
    if (Tok.is(tok::comma) && Depth == 0)
      EndPiece();
    else
      Piece.push_back(Tok);
  }
  if (!ArgumentToks.empty())
    EndPiece();
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

/// Checks each reqd_sub_group_size in \p Attributes against the
/// translation unit's sub-group size, and adds those that hold to \p Held.
void checkSubGroupSizes(Preprocessor &PP,
                        const std::vector<SizeAttribute> &Attributes,
                        std::vector<SizeAttribute> &Held) {
  DiagnosticsEngine &Diags = PP.getDiagnostics();
  std::optional<uint64_t> Size = translationUnitSubGroupSize(PP);
  unsigned Unknown = Diags.getCustomDiagID(
      DiagnosticsEngine::Warning,
      "reqd_sub_group_size ignored: no SYCL header defines "
      "LANES_SUB_GROUP_SIZE in this translation unit");
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
  for (const SizeAttribute &Attr : Attributes) {
    if (Attr.WorkGroup)
      continue;
    if (!Size) {
      Diags.Report(Attr.Loc, Unknown);
      continue;
    }
    std::optional<uint64_t> Want =
        Attr.Sizes.size() == 1 ? Attr.Sizes.front() : std::nullopt;
    if (!Want) {
      Diags.Report(Attr.Loc, Unread) << Attr.Argument << *Size;
      continue;
    }
    if (*Want == *Size) {
      Held.push_back(Attr);
      continue;
    }
    bool CanChoose = *Want >= 1 && *Want <= 64 && llvm::isPowerOf2_64(*Want);
    Diags.Report(Attr.Loc, CanChoose ? Choosable : Impossible)
        << Attr.Argument << *Size;
  }
}

/// What the annotation recording \p Attr on a call operator starts with
/// (docs/ir-contract.md).
StringRef notePrefix(const SizeAttribute &Attr) {
  return Attr.WorkGroup ? "lanes.reqd_local_size="
                        : "lanes.reqd_sub_group_size=";
}

/// The annotation that records \p Attr on a call operator: its sizes
/// reversed, so that dimension 0 comes first.
std::string sizeNote(const SizeAttribute &Attr) {
  std::string Note = notePrefix(Attr).str();
  for (std::optional<uint64_t> Size : llvm::reverse(Attr.Sizes))
    Note += std::to_string(*Size) + ",";
  Note.pop_back();
  return Note;
}

/// Annotates the call operators that size attributes belong to: a
/// lambda's when the attribute lies between its captures and its body, a
/// function object's `operator()` when it lies between the name and the
/// body or right before the declaration. Template instantiations are
/// visited too, as the operators that get emitted.
class SizeAttacher : public RecursiveASTVisitor<SizeAttacher> {
public:
  SizeAttacher(ASTContext &Ctx, const std::vector<SizeAttribute> &Attributes)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Attributes(Attributes),
        Attached(Attributes.size(), false),
        Conflict(Ctx.getDiagnostics().getCustomDiagID(
            DiagnosticsEngine::Error,
            "reqd_%select{sub|work}1_group_size(%0): this call operator "
            "already requires another %select{sub|work}1-group size")) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitLambdaExpr(LambdaExpr *E) {
    SourceLocation From = E->getIntroducerRange().getEnd();
    SourceLocation To = E->getCompoundStmtBody()->getBeginLoc();
    for (size_t I = 0; I < Attributes.size(); ++I) {
      if (!between(From, Attributes[I].Loc, To))
        continue;
      attach(I, E->getCallOperator());
      if (FunctionTemplateDecl *Generic = E->getDependentCallOperator())
        for (FunctionDecl *Instance : Generic->specializations())
          attach(I, Instance);
    }
    return true;
  }

  bool VisitCXXMethodDecl(CXXMethodDecl *M) {
    if (M->getOverloadedOperator() != OO_Call ||
        !M->doesThisDeclarationHaveABody() || M->getParent()->isLambda())
      return true;
    SourceLocation Begin = SM.getExpansionLoc(M->getBeginLoc());
    SourceLocation Body = M->getBody()->getBeginLoc();
    for (size_t I = 0; I < Attributes.size(); ++I)
      if (SM.getExpansionLoc(Attributes[I].After) == Begin ||
          between(M->getLocation(), Attributes[I].Loc, Body))
        attach(I, M);
    return true;
  }

  /// Whether attribute \p I was attached to a call operator.
  bool attached(size_t I) const { return Attached[I]; }

private:
  /// \p Loc lies strictly between \p From and \p To, as the user sees them.
  bool between(SourceLocation From, SourceLocation Loc,
               SourceLocation To) const {
    SourceLocation At = SM.getExpansionLoc(Loc);
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(From), At) &&
           SM.isBeforeInTranslationUnit(At, SM.getExpansionLoc(To));
  }

  void attach(size_t I, FunctionDecl *F) {
    Attached[I] = true;
    std::string Note = sizeNote(Attributes[I]);
    for (const AnnotateAttr *Old : F->specific_attrs<AnnotateAttr>()) {
      if (!Old->getAnnotation().starts_with(notePrefix(Attributes[I])))
        continue;
      if (Old->getAnnotation() != Note)
        Ctx.getDiagnostics().Report(Attributes[I].Loc, Conflict)
            << Attributes[I].Argument << Attributes[I].WorkGroup;
      return;
    }
    F->addAttr(AnnotateAttr::CreateImplicit(Ctx, Note, nullptr, 0));
  }

  ASTContext &Ctx;
  SourceManager &SM;
  const std::vector<SizeAttribute> &Attributes;
  std::vector<bool> Attached;
  unsigned Conflict;
};

/// Checks each reqd_work_group_size in \p Attributes, and adds the valid
/// ones to \p Held.
void checkWorkGroupSizes(DiagnosticsEngine &Diags,
                         const std::vector<SizeAttribute> &Attributes,
                         std::vector<SizeAttribute> &Held) {
  unsigned Arity = Diags.getCustomDiagID(
      DiagnosticsEngine::Error,
      "reqd_work_group_size(%0): it takes one size per dimension of the "
      "kernel's range, 1 to 3 sizes");
  unsigned Zero = Diags.getCustomDiagID(
      DiagnosticsEngine::Error,
      "reqd_work_group_size(%0): a work-group size must be at least 1");
  unsigned Unread = Diags.getCustomDiagID(
      DiagnosticsEngine::Warning,
      "reqd_work_group_size(%0) ignored: lanes++ reads sizes that are "
      "integer literals, written or from a macro");
  for (const SizeAttribute &Attr : Attributes) {
    if (!Attr.WorkGroup)
      continue;
    if (Attr.Sizes.empty() || Attr.Sizes.size() > 3)
      Diags.Report(Attr.Loc, Arity) << Attr.Argument;
    else if (!llvm::all_of(Attr.Sizes, [](auto S) { return S.has_value(); }))
      Diags.Report(Attr.Loc, Unread) << Attr.Argument;
    else if (llvm::is_contained(Attr.Sizes, 0))
      Diags.Report(Attr.Loc, Zero) << Attr.Argument;
    else
      Held.push_back(Attr);
  }
}

/// Records each attribute of \p Held on its call operator. A
/// reqd_work_group_size elsewhere is a warning that it is ignored; a
/// reqd_sub_group_size holds anyway, as the translation unit's size.
void attachSizes(ASTContext &Ctx, const std::vector<SizeAttribute> &Held) {
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  unsigned Unattached = Diags.getCustomDiagID(
      DiagnosticsEngine::Warning,
      "reqd_work_group_size(%0) ignored: lanes++ honours it on a kernel's "
      "call operator, a lambda's (after its parameters) or a function "
      "object's operator()");
  SizeAttacher Attacher(Ctx, Held);
  Attacher.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (size_t I = 0; I < Held.size(); ++I)
    if (Held[I].WorkGroup && !Attacher.attached(I))
      Diags.Report(Held[I].Loc, Unattached) << Held[I].Argument;
}

/// The declaration \p Name in the context \p DC, if there is one.
template <typename DeclT>
DeclT *lookUp(ASTContext &Ctx, const DeclContext *DC, StringRef Name) {
  for (NamedDecl *D : DC->lookup(&Ctx.Idents.get(Name)))
    if (auto *Found = dyn_cast<DeclT>(D))
      return Found;
  return nullptr;
}

/// \p T, or its first template argument when it is a specialization of
/// the class template \p Wrapper.
QualType unwrap(QualType T, const ClassTemplateDecl *Wrapper) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  if (Wrapper && Spec && Spec->getSpecializedTemplate() == Wrapper)
    return Spec->getTemplateArgs()[0].getAsType();
  return T;
}

/// Where \p Kernel, a lambda's closure type or a functor class, is defined.
SourceLocation whereDefined(const CXXRecordDecl *Kernel) {
  const CXXRecordDecl *Definition = Kernel->getDefinition();
  return (Definition ? Definition : Kernel)->getLocation();
}

/// SYCL 2020 (5.2) gives each kernel its own name, as DPC++ enforces: a
/// kernel name that two different kernel objects (lambdas or functor
/// types) are launched with in the translation unit is an error at the
/// second, with a note at the first. The SYCL headers instantiate
/// `lanes::detail::kernelInfo<NameT, KernelT, ...>` for every launch
/// (KernelT may be a `WithProperties<K, P>` around the kernel K); unnamed
/// kernels are named `lanes::detail::AutoName`.
void checkKernelNames(ASTContext &Ctx) {
  auto *Lanes =
      lookUp<NamespaceDecl>(Ctx, Ctx.getTranslationUnitDecl(), "lanes");
  auto *Detail = Lanes ? lookUp<NamespaceDecl>(Ctx, Lanes, "detail") : nullptr;
  auto *Info = Detail ? lookUp<FunctionTemplateDecl>(Ctx, Detail, "kernelInfo")
                      : nullptr;
  if (!Info)
    return;
  auto *Wrapper = lookUp<ClassTemplateDecl>(Ctx, Detail, "WithProperties");
  auto *AutoName = lookUp<CXXRecordDecl>(Ctx, Detail, "AutoName");
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  unsigned Twice = Diags.getCustomDiagID(
      DiagnosticsEngine::Error,
      "kernel name %0 is given to two different kernels; SYCL requires "
      "each kernel to have a name of its own");
  unsigned First = Diags.getCustomDiagID(DiagnosticsEngine::Note,
                                         "the other kernel named %0 is here");
  // Each name's first kernel, and the kernels already reported.
  llvm::DenseMap<const Type *, const CXXRecordDecl *> Named;
  llvm::DenseSet<const CXXRecordDecl *> Reported;
  for (FunctionDecl *Spec : Info->specializations()) {
    const TemplateArgumentList *Args = Spec->getTemplateSpecializationArgs();
    if (!Args || Args->size() < 2)
      continue;
    QualType Name = Args->get(0).getAsType();
    const CXXRecordDecl *Kernel =
        unwrap(Args->get(1).getAsType(), Wrapper)->getAsCXXRecordDecl();
    const CXXRecordDecl *NameDecl = Name->getAsCXXRecordDecl();
    if (!Kernel ||
        (AutoName && NameDecl &&
         NameDecl->getCanonicalDecl() == AutoName->getCanonicalDecl()))
      continue;
    Kernel = Kernel->getCanonicalDecl();
    auto [It, New] =
        Named.try_emplace(Name.getCanonicalType().getTypePtr(), Kernel);
    if (New || It->second == Kernel || !Reported.insert(Kernel).second)
      continue;
    Diags.Report(whereDefined(Kernel), Twice) << Name;
    Diags.Report(whereDefined(It->second), First) << Name;
  }
}

/// Acts on every size attribute the reader found, and checks that kernel
/// names are unique.
class FrontendConsumer : public ASTConsumer {
public:
  explicit FrontendConsumer(Preprocessor &PP) : PP(PP), Reader(PP) {
    PP.setTokenWatcher([this](const Token &Tok) { Reader.see(Tok); });
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    checkKernelNames(Ctx);
    if (Reader.attributes().empty())
      return;
    std::vector<SizeAttribute> Held;
    checkSubGroupSizes(PP, Reader.attributes(), Held);
    checkWorkGroupSizes(Ctx.getDiagnostics(), Reader.attributes(), Held);
    attachSizes(Ctx, Held);
  }

private:
  Preprocessor &PP;
  SizeAttributeReader Reader;
};

class LanesFrontendAction : public PluginASTAction {
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    return std::make_unique<FrontendConsumer>(CI.getPreprocessor());
  }
  bool ParseArgs(const CompilerInstance &,
                 const std::vector<std::string> &) override {
    return true;
  }
  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

static FrontendPluginRegistry::Add<LanesFrontendAction>
    X("lanes-frontend",
      "Lanes: honours reqd_sub_group_size and reqd_work_group_size, checks "
      "kernel names");
