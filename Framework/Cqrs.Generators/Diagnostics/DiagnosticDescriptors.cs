using Microsoft.CodeAnalysis;

namespace Cqrs.Generators.Diagnostics;

/// <summary>The diagnostics the generator reports. Ids are stable: never renumber or reuse one.</summary>
internal static class DiagnosticDescriptors
{
    private const string Category = "Cqrs";

    public static readonly DiagnosticDescriptor CommandWithoutHandler = Error(
        "CQRS001",
        "Command has no handler",
        "Command '{0}' has no ICommandHandler in this assembly");

    public static readonly DiagnosticDescriptor CommandWithSeveralHandlers = Error(
        "CQRS002",
        "Command has more than one handler",
        "Command '{0}' has {1} handlers ({2}); a command has exactly one");

    public static readonly DiagnosticDescriptor MissingWireName = Error(
        "CQRS003",
        "Message or aggregate state has no wire name",
        "Type '{0}' has no [WireName]; give it a stable name such as [WireName(\"orders.v1.place-order\")]");

    public static readonly DiagnosticDescriptor DuplicateWireName = Error(
        "CQRS004",
        "Two messages or aggregate states share a wire name",
        "Wire name '{0}' of '{1}' is also used by {2}");

    public static readonly DiagnosticDescriptor MalformedWireName = Error(
        "CQRS005",
        "Wire name is malformed",
        "Wire name '{0}' of '{1}' must contain only lowercase letters, digits, '.' and '-', and start and end with a letter or digit (e.g. 'orders.v1.place-order')");

    public static readonly DiagnosticDescriptor MemberWithoutKey = Error(
        "CQRS006",
        "Serialized member has no key",
        "Member '{0}' of '{1}' is settable or bound to a constructor parameter but has no [Key]; add [Key(n)] (on a positional record, [property: Key(n)])");

    public static readonly DiagnosticDescriptor InvalidKey = Error(
        "CQRS007",
        "Key is duplicated or negative",
        "Key {0} of member '{1}' in '{2}' is {3}");

    public static readonly DiagnosticDescriptor NoUsableConstructor = Error(
        "CQRS008",
        "Type has no usable constructor",
        "'{0}' has no accessible constructor whose parameters all match [Key] members by name and type, with every other [Key] member settable");

    public static readonly DiagnosticDescriptor UnsupportedMemberType = Error(
        "CQRS009",
        "Member type is not serializable",
        "Member '{0}' of '{1}' has type '{2}', which the Cqrs serializer does not support");

    public static readonly DiagnosticDescriptor UnreadableKeyedMember = Error(
        "CQRS010",
        "Keyed member is not readable by generated code",
        "Member '{0}' of '{1}' has [Key] but generated code cannot read it; make it public or internal, with a getter of the same access");

    public static readonly DiagnosticDescriptor InaccessibleType = Error(
        "CQRS011",
        "Type is not accessible to generated code",
        "'{0}' is a {1}, but the generated registration cannot reach it from outside the types it is nested in; make it, and every type it is nested in, internal or public");

    public static readonly DiagnosticDescriptor SagaMessageWithoutId = Error(
        "CQRS012",
        "Saga message has no saga id",
        "Message '{0}', which saga '{1}' handles, has no [SagaId] member and the saga declares no [SagaCorrelation] for it; mark the member that holds the saga's id with [SagaId] (on a positional record, [property: SagaId]), or put [SagaCorrelation(typeof({2}), nameof({2}.Member))] on the saga");

    public static readonly DiagnosticDescriptor SagaWithoutStart = Error(
        "CQRS013",
        "Saga has no starting message",
        "Saga '{0}' is started by no message; implement ISagaStartedBy<{0}, TMessage> for the message that begins it");

    public static readonly DiagnosticDescriptor SagaMessageWithSeveralIds = Error(
        "CQRS014",
        "Saga message has more than one saga id",
        "Message '{0}', which saga '{1}' handles, has [SagaId] on {2}; keep it on the one member that holds the saga's id, or declare which one the saga correlates by with [SagaCorrelation(typeof({3}), nameof({3}.Member))]");

    public static readonly DiagnosticDescriptor SagaCorrelationOfUnhandledMessage = Error(
        "CQRS015",
        "Saga correlates a message it does not handle",
        "Saga '{0}' declares [SagaCorrelation] for '{1}', which it is not started by, does not handle and takes no timeout of; remove it, or implement ISagaStartedBy, ISagaHandles or ISagaTimeout for the message");

    public static readonly DiagnosticDescriptor SagaCorrelationWithoutMember = Error(
        "CQRS016",
        "Saga correlation names no readable member",
        "Saga '{0}' correlates '{1}' by '{2}', which is not an instance property or field of the message that this assembly can read; name one with nameof({3}.Member)");

    public static readonly DiagnosticDescriptor SagaCorrelatedTwice = Error(
        "CQRS017",
        "Saga correlates a message more than once",
        "Saga '{0}' declares [SagaCorrelation] for '{1}' more than once; keep the one that names the member holding the saga's id");

    public static readonly DiagnosticDescriptor OrderingKeyOutsideMessage = Error(
        "CQRS018",
        "Ordering key on a type that is not a command or event",
        "Member '{0}' of '{1}' has [OrderingKey], but '{1}' is not a command or event, whose sends it could order; remove it, or put it on the message that carries the key");

    public static readonly DiagnosticDescriptor SeveralOrderingKeys = Error(
        "CQRS019",
        "Message has more than one ordering key",
        "Message '{0}' has [OrderingKey] on {1}; a message has one ordering key: keep it on one member (a key made of several goes in a member of its own)");

    public static readonly DiagnosticDescriptor UnsupportedOrderingKey = Error(
        "CQRS020",
        "Ordering key has a type a key cannot be made from",
        "Ordering key '{0}' of '{1}' has type '{2}'; an ordering key is a string, a Guid, an integer or an enum (or a nullable one of those), whose text is the same in every process and version: mark a member of one of those types");

    public static readonly DiagnosticDescriptor UnreadableOrderingKey = Error(
        "CQRS021",
        "Ordering key is not readable by generated code",
        "Ordering key '{0}' of '{1}' cannot be read by generated code in this assembly; make it public or internal, with a getter of the same access");

    public static readonly DiagnosticDescriptor PublicSagaTimeout = Error(
        "CQRS030",
        "Saga timeout is declared public",
        "Saga '{0}' takes '{1}' as a timeout, which it sends only to itself, but '{1}' has [PublicCommand], so outside callers could send it; remove [PublicCommand], or give callers a command of their own");

    public static readonly DiagnosticDescriptor PublicNonCommand = Error(
        "CQRS031",
        "[PublicCommand] on a type that is not a command",
        "'{0}' has [PublicCommand] but is not an ICommand; only commands are sent by outside callers");

    private static DiagnosticDescriptor Error(string id, string title, string message) =>
        new(id, title, message, Category, DiagnosticSeverity.Error, isEnabledByDefault: true);
}
