namespace Cqrs.Tests.Domain.Screening;

/// <summary>A query with two validators, one of them asynchronous. Answers the name's length.</summary>
public sealed record LookUpEnrolment(string Name) : IQuery<int>;
