namespace Cqrs;

/// <summary>
/// Marks the member of a command or event that holds its ordering key (on a positional record,
/// <c>[property: OrderingKey]</c>): messages with one key are handled one at a time, in the order they were sent, by the
/// in-process transport and by Service Bus with sessions; messages with no key (a null or empty value) run
/// concurrently. The key is a string, a <see cref="Guid"/>, an integer or an enum (its number), or a nullable one of
/// those. The generator reads it at compile time; it is a build error on a type that is not a command or event
/// (CQRS018), on two members of one message (CQRS019), on a member of another type (CQRS020), and on a member generated
/// code cannot read (CQRS021). An event an aggregate raises is ordered by its stream id unless its type marks a member.
/// </summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = true)]
public sealed class OrderingKeyAttribute : Attribute;
