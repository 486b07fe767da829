namespace Cqrs.Generators.Model;

/// <summary>A FluentValidation validator class and the message type it validates.</summary>
internal sealed record ValidatorModel(string ValidatorTypeName, string MessageTypeName);
