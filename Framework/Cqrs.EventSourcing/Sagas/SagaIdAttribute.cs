namespace Cqrs.EventSourcing;

/// <summary>
/// Marks the member of a message that holds the id of the saga it is for (on a positional record,
/// <c>[property: SagaId]</c>). The generator reads it at compile time; a message a saga handles without one, or with
/// two, is a build error (CQRS012, CQRS014), unless the saga declares which member it correlates the message by
/// (<see cref="SagaCorrelationAttribute"/>, which wins for that saga). Any member type works: the id is its
/// invariant-culture text.
/// </summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = true)]
public sealed class SagaIdAttribute : Attribute;
